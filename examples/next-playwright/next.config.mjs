// Without minification: most of a small app's production build time, and the repository's tests
// build this app (test/remote/next-app.test.ts).
export default {
  webpack(config) {
    config.optimization.minimize = false
    return config
  },
}

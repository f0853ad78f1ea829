// Built for test/remote/next-app.test.ts, not for users: without minification, most of a small
// app's production build time.
export default {
  webpack(config) {
    config.optimization.minimize = false
    return config
  },
}

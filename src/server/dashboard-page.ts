export const dashboardPage = '<!doctype html><title>mocklib</title>'

/** The HTTP methods `http` has a handler factory for, as values (`new HttpHandler(HttpMethods.GET, …)`). */
export enum HttpMethods {
  HEAD = 'HEAD',
  GET = 'GET',
  POST = 'POST',
  PUT = 'PUT',
  PATCH = 'PATCH',
  OPTIONS = 'OPTIONS',
  DELETE = 'DELETE',
}

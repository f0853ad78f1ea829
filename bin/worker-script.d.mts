export declare const WORKER_FILE_NAME: 'mockServiceWorker.js'
export declare function readWorkerScript(packageRoot?: string): Promise<string>

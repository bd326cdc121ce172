import express from 'express'
import { createDemoStore } from './index'

const port = Number(process.env.DEMO_PORT ?? 8787)
const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`
const dataDir = process.env.DATA_DIR ?? './data'
const maintenance = process.env.DEMO_STORE_MAINTENANCE === 'true' || process.env.DEMO_STORE_MAINTENANCE === '1'

const log = (level: string) => (obj: object, msg?: string) => console.log(JSON.stringify({ level, msg, ...obj }))
const logger = { info: log('info'), warn: log('warn'), error: log('error') }

const demo = await createDemoStore({ dataDir, publicUrl, logger, maintenance })
const app = express()
app.use('/store-api', demo.storeApi)
app.use('/media', demo.media)
app.use('/demo-payment', demo.payment)
const server = app.listen(port, '127.0.0.1', () => logger.info({ port, publicUrl, dataDir }, 'demo store listening'))

const stop = () => {
  server.close(() => {
    demo.close()
    process.exit(0)
  })
  server.closeAllConnections()
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)

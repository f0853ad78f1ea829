import { EchoForm } from './echo-form'

export default function Page() {
  return <EchoForm />
}

import { library } from './library.ts'

export default library

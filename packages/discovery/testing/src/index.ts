export {
  type FakeHandler,
  type FakeResponse,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from "./start-fake-server.js";

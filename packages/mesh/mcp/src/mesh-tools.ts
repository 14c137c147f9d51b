import { checkInboxTool } from "./check-inbox-tool.js";
import { getThreadTool } from "./get-thread-tool.js";
import { listPeersTool } from "./list-peers-tool.js";
import { listThreadsTool } from "./list-threads-tool.js";
import { markReadTool } from "./mark-read-tool.js";
import type { MeshTool, ToolDeps } from "./mesh-tool.js";
import { registerTool } from "./register-tool.js";
import { searchMessagesTool } from "./search-messages-tool.js";
import { sendMessageTool } from "./send-message-tool.js";
import { waitForMessagesTool } from "./wait-for-messages-tool.js";

/** The tools of the mesh, in the order `tools/list` shows them. */
export function createMeshTools(deps: ToolDeps): MeshTool[] {
  return [
    listPeersTool(deps),
    sendMessageTool(deps),
    checkInboxTool(deps),
    markReadTool(deps),
    waitForMessagesTool(deps),
    getThreadTool(deps),
    listThreadsTool(deps),
    searchMessagesTool(deps),
    registerTool(deps),
  ];
}

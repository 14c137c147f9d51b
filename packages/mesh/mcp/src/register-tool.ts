import { defineTool, type MeshTool, type ToolDeps } from "./mesh-tool.js";
import { registerSelf } from "./register-self.js";
import { PeerOutput, RegisterInput } from "./tool-schemas.js";

/** `register`: (re-)registers the own peer, so that others can message it. */
export function registerTool({ node, client }: ToolDeps): MeshTool {
  return defineTool({
    name: "register",
    title: "Register on the mesh",
    description:
      "Register yourself on the mesh so that other peers can message you (the server already did at start unless started with --no-register). capabilities replaces what others see of you in list_peers; without it they are kept.",
    annotations: {
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: false,
      openWorldHint: false,
    },
    input: RegisterInput,
    output: PeerOutput,
    run: async (args) => {
      const peer = await registerSelf(await client(), args.capabilities);
      const skills = Object.keys(peer.capabilities);
      const summary = `Registered as ${node}${skills.length > 0 ? ` with capabilities: ${skills.join(", ")}` : " (no capabilities)"}. Other peers can now message you; list_peers shows them.`;
      return { structured: { peer }, summary };
    },
  });
}

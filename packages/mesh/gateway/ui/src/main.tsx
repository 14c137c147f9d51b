import { render } from "preact";
import { DashboardApp } from "./dashboard-app.js";

const root = document.getElementById("app");
if (root !== null) render(<DashboardApp />, root);

// The changelog lines `changeset version` writes (`.changeset/config.json` names this file).
// Users read CHANGELOG.md, so an entry is the changeset's text alone: no commit hash (the commit
// is one click away on npm through provenance), blank lines left blank, and a package whose
// dependencies moved gets one "Updated dependencies" list, not one line per changeset behind it.

// One entry per changeset: its summary, the first line as the bullet, the rest indented under it.
async function getReleaseLine(changeset) {
  const [first, ...rest] = changeset.summary.trim().split("\n");
  const more = rest.map((line) => (line.trim() === "" ? "" : `  ${line.trimEnd()}`));
  return [`- ${first.trimEnd()}`, ...more].join("\n");
}

// The workspace dependencies released with new versions alongside this package.
async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return "";
  const list = dependenciesUpdated.map(
    (dependency) => `  - ${dependency.name}@${dependency.newVersion}`,
  );
  return ["- Updated dependencies:", ...list].join("\n");
}

export default { getReleaseLine, getDependencyReleaseLine };

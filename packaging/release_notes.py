"""Print one version's section of CHANGELOG.md: the body of its GitHub release.

    python packaging/release_notes.py 0.2.0 [CHANGELOG.md]

Exits 1 with one line on stderr when the CHANGELOG has no `## [0.2.0]` section, so a
release whose changes were never written down stops before it is published. Standard
library only: the release workflow runs it without installing anything.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path


def section(changelog: str, version: str) -> str | None:
    """The text under `## [version]` up to the next `## ` heading (without either
    heading), or None when there is no such section or it is empty."""
    lines = changelog.splitlines()
    heading = re.compile(r"^## \[" + re.escape(version) + r"\](\s|$)")
    for start, line in enumerate(lines):
        if heading.match(line):
            body = []
            for following in lines[start + 1:]:
                if following.startswith("## "):
                    break
                body.append(following)
            text = "\n".join(body).strip()
            return text + "\n" if text else None
    return None


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print("usage: release_notes.py VERSION [CHANGELOG.md]", file=sys.stderr)
        return 2
    version = argv[0].removeprefix("v")
    path = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[1] / "CHANGELOG.md"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"release_notes: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    notes = section(text, version)
    if notes is None:
        print(f"release_notes: {path.name} has no section `## [{version}]` with text in it", file=sys.stderr)
        return 1
    sys.stdout.write(notes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

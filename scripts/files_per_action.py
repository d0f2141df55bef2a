"""Which of the project's Python files one table action runs through.

    .venv/bin/python scripts/files_per_action.py [--action stand]

Sets up a throwaway SQLite database, opens a table of the European game through the site's
own views (New session, then deals until the action is offered), then posts the action as
HTMX does and records every function call (``sys.setprofile``) during that one request.
Prints the project's files that ran, in the order first entered, how many calls each took,
and the totals: all files, and the files outside the engine (game/engine/); then the
number of times the request passed from another file into each of the table's models and
views. A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--action", default="stand", help="the action to post (default stand)")
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="files-per-action-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/db.sqlite3"
    os.environ.setdefault("DEBUG", "1")
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["DJANGO_SETTINGS_MODULE"] = "trainer.settings"
    sys.path.insert(0, str(ROOT))

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
    with open(os.devnull, "w") as quiet:
        call_command("precompute_strategy", "--variant", "european", stdout=quiet)
    client = Client()
    client.post("/en/table/new/", {"variant": "european"})
    table_url = client.get("/en/table/")["Location"]
    hx = {"HX-Request": "true"}
    for _attempt in range(50):
        page = client.get(table_url).content.decode()
        if f'value="{args.action}"' in page:
            break
        version = re.search(r'name="version" value="(\d+)"', page)
        client.post(
            f"{table_url}deal/",
            {"bet": "10", "version": version.group(1) if version else "0"},
            headers=hx,
        )
    else:
        raise SystemExit(f"the table never offered {args.action!r}")
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version is not None

    calls: Counter[str] = Counter()
    order: list[str] = []
    entries: Counter[str] = Counter()
    last = [""]
    stack: list[str] = []
    deepest: list[list[str]] = [[]]

    def profile(frame, event, _arg):
        name = frame.f_code.co_filename
        ours = name.startswith(str(ROOT)) and "/.venv/" not in name and "/scripts/" not in name
        if event == "return" and ours and stack:
            stack.pop()
            return
        if event != "call" or not ours:
            return
        rel = str(Path(name).relative_to(ROOT))
        stack.append(rel)
        chain = [f for i, f in enumerate(stack) if i == 0 or stack[i - 1] != f]
        if len(chain) > len(deepest[0]):
            deepest[0] = chain
        if rel not in calls:
            order.append(rel)
        calls[rel] += 1
        if rel != last[0]:
            entries[rel] += 1
        last[0] = rel

    sys.setprofile(profile)
    response = client.post(
        f"{table_url}act/", {"action": args.action, "version": version.group(1)}, headers=hx
    )
    sys.setprofile(None)
    print(f"POST {table_url}act/ action={args.action}: {response.status_code}")
    for rel in order:
        print(f"  {calls[rel]:6d} calls, entered {entries[rel]:4d}x  {rel}")
    outside = [rel for rel in order if not rel.startswith("game/engine/")]
    print(f"files: {len(order)} in all, {len(outside)} outside game/engine/")
    print(f"deepest chain of calls from file to file ({len(deepest[0])}):")
    print("  " + " -> ".join(deepest[0]))


if __name__ == "__main__":
    main()

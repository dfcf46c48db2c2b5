"""`python -m vouch.web --form FORM.json [--port N] [--host H]` (also `vouch-web`): serves forms,
their check endpoint, edit sessions and the live page, on 127.0.0.1 unless told otherwise."""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="vouch-web", description="Serve Vouch forms: /forms/NAME/page, /forms/NAME/check, /forms/NAME/schema."
    )
    parser.add_argument("--form", action="append", required=True, metavar="FORM.json",
                        help="a form spec, served as /forms/NAME (its file name without .form.json); may repeat")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 for any free one)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to bind (default 127.0.0.1, this machine only)")
    parser.add_argument("--locale", help="fix the forms' locale (else Accept-Language chooses, the spec's by default)")
    parser.add_argument("--pack", action="append", default=[], metavar="DIR", help="load locale packs; may repeat")
    parser.add_argument("--plugin", action="append", default=[], metavar="NAME_OR_PATH", help="load a plugin; may repeat")
    parser.add_argument("--max-sessions", type=int, default=100, help="edit sessions kept at once (default 100)")
    parser.add_argument("--session-idle", type=float, default=900, metavar="SECONDS",
                        help="close an edit session idle this long (default 900)")
    parser.add_argument("--max-body", type=int, default=65536, metavar="BYTES", help="the longest request body (default 65536)")
    arguments = parser.parse_args(argv)
    try:
        import uvicorn

        from .. import Registry, VouchError
        from .app import create_app
    except ImportError as error:
        print(f"vouch-web: {error}: install the extra, pip install 'vouch[web]'", file=sys.stderr)
        return 2
    try:
        registry = Registry(packs=arguments.pack, plugins=arguments.plugin)
        app = create_app(
            arguments.form, registry, arguments.locale, max_body_bytes=arguments.max_body,
            max_sessions=arguments.max_sessions, session_idle_seconds=arguments.session_idle,
        )
    except (OSError, ValueError, VouchError) as error:
        print(f"vouch-web: {error}", file=sys.stderr)
        return 2
    if arguments.port:
        host = f"[{arguments.host}]" if ":" in arguments.host else arguments.host
        pages = ", ".join(f"http://{host}:{arguments.port}/forms/{name}/page" for name in sorted(app.state.forms))
        print(f"vouch-web: serving {pages}", file=sys.stderr, flush=True)
    uvicorn.run(app, host=arguments.host, port=arguments.port, log_level="warning",
                limit_concurrency=256, timeout_keep_alive=5)
    return 0


if __name__ == "__main__":
    sys.exit(main())

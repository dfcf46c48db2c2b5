#!/usr/bin/env python3
"""vouch.web's check endpoint beside pydantic in a FastAPI route and beside `vouch check`, on the
same small records, in one run.

Usage: Benchmarks/web_side_by_side.py [SECONDS] [CONNECTIONS]   (default 5 s per server, 16)

Each server is one uvicorn process pinned to core 0 (taskset), the client (asyncio, keep-alive
HTTP/1.1, CONNECTIONS connections, no pipelining) pinned to core 1; each server is warmed for a
second, then counted for SECONDS. The servers: vouch.web's POST /forms/signup-bench/check; a FastAPI
route whose body is checked by vouch.web.FormValidator; a FastAPI route taking the anchor's
pydantic model (../shared/bench/anchor_pydantic.py, the same checks as
Examples/signup-bench.form.json). `vouch check --jobs 1` runs over the same records on core 0.
Absolute figures drift on a shared machine: compare the ratios of one run.
"""
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANCHORS = os.environ.get("VOUCH_ANCHORS", os.path.join(ROOT, "..", "shared", "bench"))
FORM = os.path.join(ROOT, "Examples", "signup-bench.form.json")
RECORDS = 2000


def app(kind):
    """The ASGI application of one server."""
    sys.path.insert(0, os.path.join(ROOT, "python", "src"))
    if kind == "vouch.web":
        from vouch.web import create_app

        return create_app([FORM])
    from fastapi import Depends, FastAPI

    api = FastAPI()
    if kind == "fastapi+vouch":
        from vouch.web import FormValidator

        signup = FormValidator(FORM)

        @api.post("/signup")
        async def vouch_route(values: dict = Depends(signup)):
            return values

    else:
        sys.path.insert(0, ANCHORS)
        from anchor_pydantic import Signup

        @api.post("/signup")
        async def pydantic_route(signup: Signup):
            return signup

    return api


def serve(kind, port):
    import uvicorn

    uvicorn.run(app(kind), host="127.0.0.1", port=port, log_level="error", access_log=False)


async def load(port, path, bodies, seconds, connections):
    """Requests per second over `seconds`, after a second of warming up."""
    requests = [
        (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
         f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        for body in bodies
    ]
    counted = {"n": 0, "statuses": {}}
    state = {"counting": False, "stop": False}

    async def client(offset):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        index = offset
        while not state["stop"]:
            writer.write(requests[index % len(requests)])
            index += 1
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            if state["counting"]:
                counted["n"] += 1
                status = head[9:12].decode()
                counted["statuses"][status] = counted["statuses"].get(status, 0) + 1
        writer.close()

    tasks = [asyncio.create_task(client(number * 97)) for number in range(connections)]
    await asyncio.sleep(1)
    state["counting"] = True
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    state["counting"] = False
    elapsed = time.perf_counter() - start
    state["stop"] = True
    await asyncio.gather(*tasks)
    return counted["n"] / elapsed, counted["statuses"]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    connections = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    with tempfile.TemporaryDirectory() as folder:
        records = os.path.join(folder, "signups.jsonl")
        with open(records, "wb") as out:
            subprocess.run([sys.executable, os.path.join(ANCHORS, "gen_signups.py"), str(RECORDS)], stdout=out, check=True)
        bodies = open(records, "rb").read().splitlines()
        os.sched_setaffinity(0, {1})
        results = {}
        for kind, path in (("vouch.web", "/forms/signup-bench/check"), ("fastapi+vouch", "/signup"), ("fastapi+pydantic", "/signup")):
            port = free_port()
            server = subprocess.Popen(["taskset", "-c", "0", sys.executable, __file__, "serve", kind, str(port)])
            try:
                for _ in range(300):
                    try:
                        socket.create_connection(("127.0.0.1", port), timeout=1).close()
                        break
                    except OSError:
                        time.sleep(0.05)
                results[kind] = asyncio.run(load(port, path, bodies, seconds, connections))
            finally:
                server.terminate()
                server.wait()
        binary = os.path.join(ROOT, ".build", "release", "vouch")
        large = os.path.join(folder, "large.jsonl")
        with open(large, "wb") as out:
            out.write(b"\n".join(bodies * 100) + b"\n")
        start = time.perf_counter()
        with open(os.devnull, "wb") as sink:
            subprocess.run(["taskset", "-c", "0", binary, "check", "--quiet", "--jobs", "1", "--form", FORM, large], stdout=sink)
        check = len(bodies) * 100 / (time.perf_counter() - start)
    print(f"{RECORDS} generated records, {connections} connections, {seconds:.0f} s per server, server on core 0, client on core 1")
    for kind, (rate, statuses) in results.items():
        shown = ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
        print(f"{kind:<18} {rate:>9,.0f} requests/s   ({shown})")
    print(f"{'vouch check':<18} {check:>9,.0f} records/s (--jobs 1, the same records x100)")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]))
    else:
        main()

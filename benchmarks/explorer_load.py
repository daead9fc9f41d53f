"""The explorer under load: CLIENTS clients at once, each opening a connection per state request, as a page does.

Starts `ttt-check explore` on a free port of 127.0.0.1, walks the states a page reaches in three clicks,
then sends REQUESTS requests per client for states drawn among them; prints the errors and the latency
percentiles. Only 127.0.0.1 is contacted; the run is bounded by its request count.
Usage: python benchmarks/explorer_load.py [CLIENTS] [REQUESTS]
"""

import http.client
import random
import re
import subprocess
import sys
import threading
import time

from installed import ttt_check


def state(port: int, path: str) -> dict:
    import json

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/api/state/{path}")
    response = connection.getresponse()
    body = response.read()
    connection.close()
    if response.status != 200:
        raise OSError(f"status {response.status}")
    return json.loads(body)


def walk(port: int, depth: int = 3) -> list[str]:
    found, frontier = [], ["0"]
    for _ in range(depth + 1):
        found += frontier
        frontier = ["/".join(map(str, s["path"])) for path in frontier for s in state(port, path)["successors"]]
    return found


def main() -> None:
    clients = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    requests = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    server = subprocess.Popen([*ttt_check("explore", "--port", "0")], stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline())[1])
        paths = walk(port)
        latencies, errors = [], []

        def client(seed: int) -> None:
            chooser = random.Random(seed)
            for _ in range(requests):
                started = time.perf_counter()
                try:
                    state(port, chooser.choice(paths))
                except OSError as error:
                    errors.append(error)
                latencies.append(time.perf_counter() - started)

        threads = [threading.Thread(target=client, args=(seed,)) for seed in range(clients)]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - began
    finally:
        server.terminate()
        server.wait()
    latencies.sort()

    def at(share: float) -> str:
        return f"{latencies[min(len(latencies) - 1, int(len(latencies) * share))] * 1000:.1f} ms"

    print(f"{len(latencies):,} state requests from {clients} clients at once over {len(paths)} states in "
          f"{seconds:.1f} s: {len(errors)} errors; latency p50 {at(0.5)}, p90 {at(0.9)}, p99 {at(0.99)}, "
          f"max {at(1.0)}")


if __name__ == "__main__":
    main()

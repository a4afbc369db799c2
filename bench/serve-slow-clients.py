#!/usr/bin/env python3
"""Clients that never read their answers, against `sprague serve` (issue 39).

Starts `BIN serve` (default: this checkout's release build) on a loopback port, opens CLIENTS
connections (default 40) that each ask for a 20 MB answer (`table octal 0.07 --upto 10^7 --json`)
and then read nothing, and samples the server's resident memory (its own, not its workers') each
half second for SECONDS (default 30). Prints the peak, the memory at the end, and how many of the
connections the server had closed by then (a read that ends at once). Then one cheap request on a
new connection, to show the server still answers.

    BIN=/tmp/old-target/release/sprague bench/serve-slow-clients.py   # a baseline build
    bench/serve-slow-clients.py
"""
import json
import os
import re
import socket
import subprocess
import sys
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("BIN", os.path.join(root, "target", "release", "sprague"))
clients = int(os.environ.get("CLIENTS", "40"))
seconds = float(os.environ.get("SECONDS", "30"))

server = subprocess.Popen(
    [binary, "serve", "--addr", "127.0.0.1:0", "--time-limit", "20"],
    stdout=subprocess.PIPE,
    text=True,
)
try:
    line = server.stdout.readline()
    host, port = re.search(r"http://([^:/]+):(\d+)", line).groups()
    addr = (host, int(port))

    def rss_mib(pid):
        with open(f"/proc/{pid}/status") as f:
            for l in f:
                if l.startswith("VmRSS:"):
                    return int(l.split()[1]) / 1024
        return 0.0

    body = json.dumps({"args": ["table", "octal", "0.07", "--upto", "10000000"]}).encode()
    request = (
        b"POST /api/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    socks = []
    for _ in range(clients):
        s = socket.create_connection(addr)
        # A small receive buffer: the client takes almost nothing.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(request)
        socks.append(s)
    peak = 0.0
    started = time.time()
    while time.time() - started < seconds:
        peak = max(peak, rss_mib(server.pid))
        time.sleep(0.5)
    end = rss_mib(server.pid)
    closed = 0
    for s in socks:
        s.setblocking(False)
        try:
            # Drain what the kernel holds; a closed connection ends with b"" or a reset.
            while True:
                chunk = s.recv(1 << 20)
                if not chunk:
                    closed += 1
                    break
        except BlockingIOError:
            pass
        except ConnectionResetError:
            closed += 1
        s.close()
    t = time.time()
    c = socket.create_connection(addr)
    cheap = json.dumps({"args": ["nim", "3", "4", "5"]}).encode()
    c.sendall(
        b"POST /api/run HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {len(cheap)}\r\n\r\n".encode()
        + cheap
    )
    answer = b""
    while True:
        chunk = c.recv(65536)
        if not chunk:
            break
        answer += chunk
    status = answer.split(b" ", 2)[1].decode() if answer else "none"
    print(
        f"{os.path.basename(os.path.dirname(os.path.dirname(binary)))}: {clients} clients not "
        f"reading, {seconds:.0f} s: server RSS peak {peak:.0f} MiB, at the end {end:.0f} MiB; "
        f"connections closed by the server {closed}; a cheap request then: HTTP {status} in "
        f"{(time.time() - t) * 1000:.0f} ms"
    )
finally:
    server.terminate()
    server.wait()

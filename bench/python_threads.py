"""Two Python threads running long ops: does the engine's work leave the GIL free? (issue 16)

Each thread runs W calls of `sin` on 2^22 float64 elements into its own out= (fresh 32 MiB results
would make the threads queue on the kernel's page faults, which is not what this measures). The
figure is time(2 threads x W ops) / time(1 thread x W ops): about 1 when both run at once, about 2
when the GIL serialises them. NumPy, which releases the GIL, is measured the same way in the same
run: its ratio is what the machine allows at that moment.

    PYTHONPATH=build/python python3 bench/python_threads.py [--repetitions 9]

The engine's own pool is off (one engine thread), so only the GIL decides. Repetitions alternate
parity and NumPy; figures are medians with ± half the min-max range.
"""
import argparse
import os
import threading
import time

import numpy as np

import parity
from parity import _parity
from python_overhead import summary  # median ± half the range, as the other Python benchmark prints

N = 1 << 22
W = 8


def run(threads, fs):
    def work(f):
        for _ in range(W):
            f()

    ts = [threading.Thread(target=work, args=(fs[i],)) for i in range(threads)]
    t0 = time.perf_counter()
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repetitions", type=int, default=9)
    args = ap.parse_args()
    _parity._set_num_threads(1)
    a = np.random.default_rng(0).random(N)
    x = parity.asarray(a)
    pf = [lambda o=o: parity.sin(x, out=o) for o in [parity.asarray(np.empty(N)) for _ in range(2)]]
    nf = [lambda o=o: np.sin(a, out=o) for o in [np.empty(N) for _ in range(2)]]
    for f in pf + nf:
        f()  # warm the pages
    rp, rn = [], []
    for _ in range(args.repetitions):
        rp.append(run(2, pf) / run(1, pf))
        rn.append(run(2, nf) / run(1, nf))
    print(f"parity {parity.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
          f"{args.repetitions} repetitions; time(2 threads x {W} sin) / time(1 thread x {W} sin), 2^22 float64")
    print(f"  parity {summary(rp)}")
    print(f"  numpy  {summary(rn)}   (1: both threads ran at once; 2: serialised)")


if __name__ == "__main__":
    main()

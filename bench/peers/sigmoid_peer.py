"""One peer of `parity bench sigmoid`, timed in its own plain python3 process, as its users run it.

    python3 sigmoid_peer.py IMPL THREADS

IMPL is one of numpy, numexpr, torch.sigmoid, torch.eager, torch.compile, jax.jit. The parent
(cli/bench_cmd.cpp) talks to this process one line at a time on stdin/stdout:

    (start)                          <- "ready <library> <version>"  or  "missing <why>"
    -> "time FILE N MIN_TIME"        <- "<ns per call>"              or  "error <message>"
    -> "quit"

FILE holds N float32 values (raw, native byte order) that the engine wrote: the same inputs the
engine is timed on. Each "time" request is one sample: like timeit.autorange, the loop count
doubles until a batch takes MIN_TIME / 2 seconds, then one batch of twice that many calls is timed
with perf_counter and GC off; the reply is that batch's time per call. Every call allocates its
result, as the engine's calls do.
"""
import gc
import sys
import time


def load(path, n):
    import numpy as np
    x = np.fromfile(path, dtype=np.float32)
    if x.size != n:
        raise ValueError(f"{path}: {x.size} values, expected {n}")
    return x


def make(impl, threads):
    """(library name, version, prepare(x) -> argument, call(argument))."""
    if impl == "numpy":
        import numpy as np
        return "numpy", np.__version__, lambda x: x, lambda x: 1 / (1 + np.exp(-x))
    if impl == "numexpr":
        import numexpr as ne
        ne.set_num_threads(threads)
        return "numexpr", ne.__version__, lambda x: x, lambda x: ne.evaluate("1 / (1 + exp(-x))", local_dict={"x": x})
    if impl.startswith("torch."):
        import torch
        torch.set_num_threads(threads)
        prep = torch.from_numpy
        if impl == "torch.sigmoid":
            return "torch", torch.__version__, prep, torch.sigmoid
        eager = lambda t: 1 / (1 + torch.exp(-t))
        if impl == "torch.eager":
            return "torch", torch.__version__, prep, eager
        if impl == "torch.compile":
            # One specialised graph per size (dynamic=False), compiled during the warm-up call.
            import torch._dynamo
            torch._dynamo.config.cache_size_limit = 64
            return "torch", torch.__version__, prep, torch.compile(eager, dynamic=False)
    if impl == "jax.jit":
        import jax
        import jax.numpy as jnp
        f = jax.jit(lambda x: 1 / (1 + jnp.exp(-x)))
        prep = lambda x: jax.device_put(x).block_until_ready()
        return "jax", jax.__version__, prep, lambda x: f(x).block_until_ready()
    raise ValueError(f"unknown implementation {impl!r}")


def per_call_ns(call, arg, min_time):
    call(arg)  # warm-up: compiles jit/compile graphs for this size, faults in pages
    gc.disable()
    try:
        n = 1
        while True:
            t0 = time.perf_counter()
            for _ in range(n):
                call(arg)
            if time.perf_counter() - t0 >= min_time / 2 or n >= 1 << 40:
                break
            n *= 2
        n *= 2
        t0 = time.perf_counter()
        for _ in range(n):
            call(arg)
        return (time.perf_counter() - t0) / n * 1e9
    finally:
        gc.enable()


def main():
    impl, threads = sys.argv[1], int(sys.argv[2])
    try:
        lib, version, prep, call = make(impl, threads)
    except ImportError as e:
        print(f"missing {e}", flush=True)
        return
    print(f"ready {lib} {version}", flush=True)
    cache = {}
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] == "quit":
            break
        try:
            path, n, min_time = words[1], int(words[2]), float(words[3])
            if path not in cache:
                cache.clear()  # one size at a time: large inputs are not kept
                cache[path] = prep(load(path, n))
            print(f"{per_call_ns(call, cache[path], min_time):.6g}", flush=True)
        except Exception as e:  # reported to the parent, which prints it for this peer
            print("error " + f"{type(e).__name__}: {e}".replace("\n", " "), flush=True)


if __name__ == "__main__":
    main()

"""One peer of `parity bench sigmoid`, timed in its own plain python3 process, as its users run it.

    python3 sigmoid_peer.py IMPL THREADS [DEVICE]

IMPL is one of numpy, numexpr, torch.sigmoid, torch.eager, torch.compile, jax.jit. DEVICE is cpu
(the default) or cuda (`parity bench sigmoid --device cuda`): the input is moved to the GPU once,
and the calls are timed on the GPU's timeline, after synchronising: torch with torch.cuda.Event
around the loop, JAX with perf_counter around the loop ended by block_until_ready; a peer that
cannot run there (numpy, numexpr; torch or JAX without a GPU) answers "missing <why>". The parent
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


def make_cuda(impl):
    """On the GPU: (library name, version, prepare(x) -> argument, call(argument), timer)."""
    if impl.startswith("torch."):
        import torch
        if not torch.cuda.is_available():
            raise ImportError(f"torch {torch.__version__} sees no CUDA device")
        prep = lambda x: torch.from_numpy(x).cuda()
        eager = lambda t: 1 / (1 + torch.exp(-t))
        calls = {"torch.sigmoid": torch.sigmoid, "torch.eager": eager}
        if impl == "torch.compile":
            import torch._dynamo
            torch._dynamo.config.cache_size_limit = 64
            calls[impl] = torch.compile(eager, dynamic=False)
        return "torch", torch.__version__, prep, calls[impl], torch_cuda_ns
    if impl == "jax.jit":
        import jax
        import jax.numpy as jnp
        try:
            gpus = jax.devices("gpu")
        except RuntimeError as e:
            raise ImportError(f"jax {jax.__version__} has no GPU backend ({e})".replace("\n", " "))
        f = jax.jit(lambda x: 1 / (1 + jnp.exp(-x)))
        prep = lambda x: jax.device_put(x, gpus[0]).block_until_ready()
        return "jax", jax.__version__, prep, f, jax_gpu_ns
    raise ImportError(f"{impl} runs on the CPU only")


def batched_ns(batch, min_time):
    """Nanoseconds per call from batch(n) (seconds for n calls): n doubles until a batch takes
    min_time / 2, then one batch of twice that many is timed, with the garbage collector off."""
    gc.disable()
    try:
        n = 1
        while batch(n) < min_time / 2 and n < 1 << 40:
            n *= 2
        n *= 2
        return batch(n) / n * 1e9
    finally:
        gc.enable()


def torch_cuda_ns(call, arg, min_time):
    """Per-call time on the GPU: torch.cuda.Event around a loop of calls, after synchronising."""
    import torch
    call(arg)  # warm-up (and torch.compile's graph for this size)
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def batch(n):
        torch.cuda.synchronize()
        start.record()
        for _ in range(n):
            call(arg)
        end.record()
        end.synchronize()
        return start.elapsed_time(end) / 1e3  # seconds

    return batched_ns(batch, min_time)


def jax_gpu_ns(call, arg, min_time):
    """Per-call time on the GPU: perf_counter around a loop of calls ended by block_until_ready."""
    call(arg).block_until_ready()

    def batch(n):
        t0 = time.perf_counter()
        r = None
        for _ in range(n):
            r = call(arg)
        r.block_until_ready()
        return time.perf_counter() - t0

    return batched_ns(batch, min_time)


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

    def batch(n):
        t0 = time.perf_counter()
        for _ in range(n):
            call(arg)
        return time.perf_counter() - t0

    return batched_ns(batch, min_time)


def main():
    impl, threads = sys.argv[1], int(sys.argv[2])
    device = sys.argv[3] if len(sys.argv) > 3 else "cpu"
    timer = per_call_ns
    try:
        if device == "cpu":
            lib, version, prep, call = make(impl, threads)
        else:
            lib, version, prep, call, timer = make_cuda(impl)
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
            print(f"{timer(call, cache[path], min_time):.6g}", flush=True)
        except Exception as e:  # reported to the parent, which prints it for this peer
            print("error " + f"{type(e).__name__}: {e}".replace("\n", " "), flush=True)


if __name__ == "__main__":
    main()

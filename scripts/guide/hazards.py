"""The porting hazards: what a user porting NumPy code meets, with each library's rule.

Each hazard has NumPy's rule, and per library (torch, jax) its rule, a severity, an example and a
workaround. Examples and workarounds are run by the generator in a plain python3 and their output
is printed in the guide as it came; the snippet test reruns them. The campaign's rows are sorted
into hazards by guide/classify.py, which gives the ops, dtypes and case counts.

Severity, highest first: a silently different value, then a call that never returns or kills the
process, then a different dtype or shape, then a warning in one library only, then an error in one library only
(or a different error)."""
from dataclasses import dataclass, field

SEVERITY = {
    "value": "silent value: different numbers, no error",
    "crash": "the call never returns, or the process dies",
    "dtype": "different dtype or shape: values agree, types do not",
    "warning": "warning in one library only",
    "error": "error in one library only, or a different error",
}
SEVERITY_ORDER = ["value", "crash", "dtype", "warning", "error"]


@dataclass
class Side:
    severity: str          # a key of SEVERITY
    rule: str              # the library's rule, markdown
    example: str           # python code printing "numpy: ..." and "<library>: ..."
    workaround: str        # python code giving NumPy's answer in the library
    workaround_text: str = ""
    # Reasons (their first words, as results.json's not_comparable_by gives them after "lib: ")
    # for cases the campaign could not compare because of this very hazard.
    not_compared: tuple = ()


@dataclass
class Hazard:
    key: str
    title: str
    numpy: str                               # NumPy's rule, markdown
    sides: dict = field(default_factory=dict)  # library -> Side


HAZARDS = [
    Hazard(
        "x64", "32-bit by default",
        "NumPy's default float is float64 and its default integer int64 (on 64-bit Linux); "
        "`np.array(2**40)` is an int64 and `np.array(0.1)` a float64.",
        {
            "jax": Side(
                "value",
                "Unless `jax_enable_x64` is set, JAX has no 64-bit types: every float64 input "
                "becomes float32 and every int64 input int32, without a warning when the dtype "
                "came with the array. Integers beyond int32 wrap, floats lose half their digits. "
                "Parity's campaign runs with `jax_enable_x64=True` (the only setting in which "
                "float64 can be compared at all), so the rows below count what remains *after* "
                "this switch; this first hazard is what a default installation adds on top.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([2**40, 0.1 * 3])\n"
                "print(\"numpy:\", a.dtype, a)\n"
                "b = jnp.asarray(np.array([2**40]))\n"
                "c = jnp.asarray(np.array([0.1 * 3]))\n"
                "print(\"jax:  \", b.dtype, b, c.dtype, c)\n",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)  # first thing, before any array exists\n"
                "import jax.numpy as jnp\n"
                "b = jnp.asarray(np.array([2**40]))\n"
                "c = jnp.asarray(np.array([0.1 * 3]))\n"
                "print(\"jax:  \", b.dtype, b, c.dtype, c)\n",
                "Switch 64-bit types on at start-up (or set `JAX_ENABLE_X64=1` in the environment):",
            ),
        },
    ),
    Hazard(
        "promotion", "Python scalars, 0-d arrays and type promotion",
        "NumPy 2 follows NEP 50: a Python `int`, `float` or `complex` is *weak* and takes the "
        "array's dtype unless its kind is higher (an int array plus `2.5` is float64, the default "
        "float). A NumPy scalar or 0-d array is *strong*: `float32_array * np.float64(0.1)` is "
        "float64, and `int8_array + np.array(100)` is int64.",
        {
            "torch": Side(
                "value",
                "PyTorch treats Python scalars *and 0-d tensors* as weak: a 0-d tensor only changes "
                "the result's dtype when it is of a higher category (bool < integer < float < "
                "complex). An integer tensor plus a Python float gives `torch.get_default_dtype()`, "
                "float32, where NumPy gives float64. When the 0-d operand's dtype is dropped, an "
                "integer sum NumPy widens to int64 stays int8 in PyTorch and wraps, silently.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([100, 20], dtype=np.int8)\n"
                "b = np.array(100)  # 0-d int64\n"
                "print(\"numpy:\", (a + b).dtype, a + b, (a + 2.5).dtype)\n"
                "t = torch.from_numpy(a) + torch.from_numpy(b)\n"
                "print(\"torch:\", t.dtype, t, (torch.from_numpy(a) + 2.5).dtype)\n",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([100, 20], dtype=np.int8)\n"
                "b = np.array(100)\n"
                "t = torch.from_numpy(a.astype(np.result_type(a, b))) + torch.from_numpy(b)\n"
                "u = torch.from_numpy(a).to(torch.float64) + 2.5\n"
                "print(\"torch:\", t.dtype, t, u.dtype)\n",
                "Compute NumPy's result dtype with `np.result_type` (which knows NEP 50) and cast "
                "the operands to it before the operation:",
            ),
            "jax": Side(
                "value",
                "JAX has its own promotion lattice with weak Python scalars. Where NumPy picks a "
                "float that holds every value of both operands (int16 with float16 is float32), "
                "JAX takes the float operand's dtype: int16 with float16 is float16, uint64 with "
                "float16 is float16, uint32 with complex64 is complex64, and bool with bool in "
                "`floor_divide` or `power` is int32 (NumPy: int8). Integers above 2048 lose "
                "their last digits in float16, silently.",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([2049, 1], dtype=np.int16)\n"
                "b = np.array([0.5, 0.5], dtype=np.float16)\n"
                "print(\"numpy:\", (a + b).dtype, a + b)\n"
                "print(\"jax:  \", jnp.add(a, b).dtype, jnp.add(a, b))\n",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([2049, 1], dtype=np.int16)\n"
                "b = np.array([0.5, 0.5], dtype=np.float16)\n"
                "dt = np.result_type(a, b)\n"
                "print(\"jax:  \", jnp.add(a.astype(dt), b.astype(dt)))\n",
                "Cast both operands to `np.result_type(...)` of the originals first:",
            ),
        },
    ),
    Hazard(
        "int_to_float", "The default float: new arrays and float functions of integers",
        "New float arrays are float64 (`np.ones(3)`, `np.array([0.1])`, `np.arange(0., 1., 0.1)`). A float function of integers (sqrt, sin, true_divide, mean...) computes in the smallest "
        "float that holds the integer type: float16 for int8/uint8, float32 for int16/uint16, "
        "float64 for 32- and 64-bit integers. `mean` of integers is float64.",
        {
            "torch": Side(
                "value",
                "PyTorch's default dtype is float32: `torch.ones(3)` and `torch.tensor([0.1])` are float32, "
                "and every float function of integers computes in float32, "
                "whatever the integer width: int64 input loses precision beyond 2**24, and int8 input "
                "gives float32 where NumPy gives float16. `torch.mean` of an integer tensor raises.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([2**53 + 1], dtype=np.int64)\n"
                "print(\"numpy:\", np.sqrt(a).dtype, np.sqrt(a), np.mean(np.array([1, 2])))\n"
                "t = torch.sqrt(torch.from_numpy(a))\n"
                "try:\n"
                "    m = torch.mean(torch.tensor([1, 2]))\n"
                "except Exception as e:\n"
                "    m = type(e).__name__\n"
                "print(\"torch:\", t.dtype, t, m)\n",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([2**53 + 1], dtype=np.int64)\n"
                "t = torch.sqrt(torch.from_numpy(a).to(torch.float64))\n"
                "m = torch.mean(torch.tensor([1, 2]).to(torch.float64))\n"
                "print(\"torch:\", t.dtype, t, m)\n",
                "Cast integers to the float NumPy would use (float64 for 32/64-bit integers) first:",
            ),
            "jax": Side(
                "value",
                "Under x64, new float arrays are float64 as in NumPy. JAX computes float functions of bool and of "
                "8-, 16- and 32-bit integers in float32 (int64 in float64). NumPy uses float16 for 8-bit integers (a different "
                "dtype) and float64 for 32-bit ones, so int32 input above 2**24 loses digits in JAX.",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([2**24 + 1], dtype=np.int32)\n"
                "print(\"numpy:\", np.sqrt(a).dtype, np.sqrt(a))\n"
                "print(\"jax:  \", jnp.sqrt(a).dtype, jnp.sqrt(a))\n",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([2**24 + 1], dtype=np.int32)\n"
                "dt = np.sqrt(a[:0]).dtype  # the float NumPy computes in\n"
                "r = jnp.sqrt(a.astype(dt))\n"
                "print(\"jax:  \", r.dtype, r)\n",
                "Cast to the float NumPy picks (NumPy itself tells it on an empty slice) first:",
            ),
        },
    ),
    Hazard(
        "integer", "Integer overflow, wraparound and division by zero",
        "Integer arithmetic wraps silently, but a Python int that does not fit the array's dtype "
        "raises OverflowError (NEP 50: `uint8_array + 300`). Integer division or remainder by zero "
        "gives 0 with a RuntimeWarning.",
        {
            "torch": Side(
                "value",
                "PyTorch wraps the Python int into the tensor's dtype and computes: `uint8 + 300` "
                "is `uint8 + 44`. Integer division by zero raises `RuntimeError: ZeroDivisionError` "
                "on the CPU.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([200, 1], dtype=np.uint8)\n"
                "try:\n"
                "    r = a + 300\n"
                "except OverflowError as e:\n"
                "    r = f\"OverflowError: {e}\"\n"
                "print(\"numpy:\", r)\n"
                "print(\"torch:\", torch.from_numpy(a) + 300)\n",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([200, 1], dtype=np.uint8)\n"
                "k = 300\n"
                "if not (np.iinfo(a.dtype).min <= k <= np.iinfo(a.dtype).max):\n"
                "    print(\"torch: refused, as NumPy does: 300 is out of bounds for uint8\")\n",
                "Check Python ints against `np.iinfo` of the tensor's dtype where NumPy would raise:",
            ),
            "jax": Side(
                "value",
                "JAX wraps an out-of-range Python int into the array's dtype as PyTorch does (ints "
                "beyond int64 raise OverflowError). Integer division by zero gives an unspecified "
                "value without a warning (all bits set for unsigned types on the CPU, -1 for signed ones), "
                "and remainder by zero gives 0.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([7, 200], dtype=np.uint8)\n"
                "with np.errstate(divide=\"ignore\"):\n"
                "    print(\"numpy:\", a // np.uint8(0))\n"
                "print(\"jax:  \", jnp.asarray(a) // np.uint8(0), jnp.asarray(a) + 300)\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = jnp.asarray(np.array([7, 200], dtype=np.uint8))\n"
                "d = jnp.asarray(np.array([0, 0], dtype=np.uint8))\n"
                "print(\"jax:  \", jnp.where(d == 0, 0, a // jnp.where(d == 0, 1, d)))\n",
                "Mask the zero divisors explicitly:",
            ),
        },
    ),
    Hazard(
        "nonfinite", "NaN, infinities and the sign of zero",
        "NaN propagates through `sign`, `maximum`, `minimum`, `clip` and reductions; `sign(-0.0)` "
        "is `0.0`; `var` and `std` of one element are 0 with the default `ddof=0`.",
        {
            "torch": Side(
                "value",
                "`torch.sign(nan)` is 0, not NaN. Other differences in this row family come from "
                "different defaults (`torch.var` is unbiased, so one element gives NaN) and from "
                "computing in a narrower dtype, where NumPy's finite result overflows to inf.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([np.nan, -2.0])\n"
                "print(\"numpy:\", np.sign(a), np.var(a[1:]))\n"
                "t = torch.from_numpy(a)\n"
                "print(\"torch:\", torch.sign(t), torch.var(t[1:]))\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([np.nan, -2.0]))\n"
                "print(\"torch:\", torch.where(torch.isnan(t), t, torch.sign(t)), torch.var(t[1:], correction=0))\n",
                "Keep NaN through `torch.where`, and pass `correction=0`:",
            ),
            "jax": Side(
                "value",
                "JAX keeps NaN in `sign` as NumPy does, but XLA on the CPU flushes subnormal "
                "float32 numbers to zero, in inputs and results: `log2` of the smallest float32 is "
                "-inf instead of -149, and products that NumPy keeps as subnormals become 0.",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1e-45, 1e-40], dtype=np.float32)\n"
                "print(\"numpy:\", np.log2(a), a * np.float32(2))\n"
                "print(\"jax:  \", jnp.log2(a), jnp.asarray(a) * np.float32(2))\n",
                "import numpy as np\n"
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1e-45, 1e-40], dtype=np.float32)\n"
                "print(\"jax:  \", jnp.log2(a.astype(np.float64)).astype(np.float32))\n",
                "float64 subnormals are kept: compute in float64 where values this small matter:",
            ),
        },
    ),
    Hazard(
        "complex", "Complex numbers: ordering and support",
        "NumPy orders complex numbers lexicographically (real part, then imaginary part), so "
        "`sort`, `max`, `maximum`, `clip` and comparisons accept them.",
        {
            "torch": Side(
                "error",
                "PyTorch defines no order on complex numbers: `sort`, `max`, `clamp` and `<` on "
                "complex tensors raise (TypeError, RuntimeError or NotImplementedError), and so does an ordering "
                "op whose Python scalar operand is complex.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([1 + 2j, 1 - 1j, 0 + 5j])\n"
                "print(\"numpy:\", np.sort(a), np.max(a))\n"
                "try:\n"
                "    r = torch.sort(torch.from_numpy(a)).values\n"
                "except Exception as e:\n"
                "    r = f\"{type(e).__name__}: {e}\"\n"
                "print(\"torch:\", r)\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([1 + 2j, 1 - 1j, 0 + 5j]))\n"
                "i = np.lexsort((t.imag.numpy(), t.real.numpy()))  # last key is the primary one\n"
                "print(\"torch:\", t[torch.from_numpy(i)])\n",
                "Sort by the real part and then the imaginary part yourself:",
            ),
            "jax": Side(
                "error",
                "JAX sorts complex numbers lexicographically as NumPy does, but `clip` refuses complex "
                "input (ValueError) where NumPy orders it.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1 + 2j, 3 - 1j])\n"
                "print(\"numpy:\", np.sort(a), np.clip(a, 0, 2))\n"
                "try:\n"
                "    r = jnp.clip(a, 0, 2)\n"
                "except ValueError as e:\n"
                "    r = \"ValueError: \" + str(e).split(\".\")[0]\n"
                "print(\"jax:  \", jnp.sort(a), r)\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = jnp.asarray(np.array([1 + 2j, 3 - 1j]))\n"
                "lo, hi = 0, 2  # NumPy's lexicographic clip: compare real parts, then imaginary\n"
                "r = jnp.where(a.real > hi, hi + 0j, jnp.where(a.real < lo, lo + 0j, a))\n"
                "print(\"jax:  \", r)\n",
                "Write the comparison out (this version is exact for real bounds whose real parts "
                "differ from the values'):",
            ),
        },
    ),
    Hazard(
        "reductions", "Reductions: accumulation, result dtypes and 0-d results",
        "A reduction returns a NumPy scalar (`np.float64`), not a 0-d array. Sums of small integers "
        "accumulate in the platform integer (int64, uint64 for unsigned); float16 `sum` uses "
        "pairwise summation, but `cumsum` adds one element at a time in float16, so a long "
        "running sum stalls where float16 cannot represent the next step.",
        {
            "torch": Side(
                "value",
                "PyTorch returns 0-d tensors, sums unsigned integers into int64, and accumulates "
                "float16 and bfloat16 reductions (also `cumsum`) in float32, rounding once at "
                "the end: a long float16 running sum differs from NumPy's by a lot.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.full(5000, 0.1, dtype=np.float16)\n"
                "u = np.array([200, 100], dtype=np.uint8)\n"
                "print(\"numpy:\", np.cumsum(a)[-1], np.sum(u).dtype, type(np.sum(u)).__name__)\n"
                "t = torch.from_numpy(a)\n"
                "s = torch.sum(torch.from_numpy(u))\n"
                "print(\"torch:\", torch.cumsum(t, 0)[-1].item(), s.dtype, type(s).__name__)\n",
                "import numpy as np\n"
                "import torch\n"
                "a = np.full(5000, 0.1, dtype=np.float16)\n"
                "print(\"torch:\", torch.from_numpy(np.cumsum(a)[-1:]).item())\n",
                "No PyTorch op adds one float16 at a time: where a float16 running sum must match "
                "NumPy, compute it with NumPy (or, better, make NumPy accumulate in float32 with "
                "`np.cumsum(a, dtype=np.float32)`, which is what PyTorch gives):",
            ),
            "jax": Side(
                "value",
                "JAX returns 0-d arrays, and XLA accumulates float16 reductions in float32 with its "
                "own association order, so long float16 `cumsum` results differ from NumPy's.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.full(5000, 0.1, dtype=np.float16)\n"
                "print(\"numpy:\", np.cumsum(a)[-1], type(np.sum(a)).__name__)\n"
                "print(\"jax:  \", jnp.cumsum(a)[-1], type(jnp.sum(a)).__name__)\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.full(5000, 0.1, dtype=np.float16)\n"
                "print(\"jax:  \", jnp.cumsum(a, dtype=jnp.float32)[-1], np.cumsum(a, dtype=np.float32)[-1])\n",
                "Ask both for a float32 accumulator, where they agree:",
            ),
        },
    ),
    Hazard(
        "defaults", "Default arguments that differ",
        "`np.std` and `np.var` divide by n (`ddof=0`); `np.median` of an even count averages the "
        "two middle values; `np.unique` sorts and merges NaNs; `np.argsort` is not stable unless "
        "asked (`kind='stable'`).",
        {
            "torch": Side(
                "value",
                "`torch.std`/`torch.var` divide by n - 1 (`correction=1`); `torch.median` returns the "
                "lower of the two middle values; `torch.unique` keeps every NaN.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([1.0, 2.0, 3.0, 4.0])\n"
                "print(\"numpy:\", np.std(a), np.median(a), np.unique(np.array([np.nan, np.nan, 1.0])))\n"
                "t = torch.from_numpy(a)\n"
                "print(\"torch:\", torch.std(t), torch.median(t), torch.unique(torch.tensor([np.nan, np.nan, 1.0])))\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([1.0, 2.0, 3.0, 4.0]))\n"
                "print(\"torch:\", torch.std(t, correction=0), torch.quantile(t, 0.5))\n",
                "Pass `correction=0`; use `torch.quantile(t, 0.5)` for NumPy's median:",
            ),
            "jax": Side(
                "value",
                "`jax.numpy` keeps NumPy's defaults for std, var, median and unique; its default "
                "differences are elsewhere: out-of-bounds indices are clamped (or filled by `take`) "
                "instead of raising IndexError.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1, 2, 3])\n"
                "try:\n"
                "    r = a[5]\n"
                "except IndexError as e:\n"
                "    r = f\"IndexError: {e}\"\n"
                "print(\"numpy:\", r)\n"
                "print(\"jax:  \", jnp.asarray(a)[5], jnp.take(jnp.asarray(a), np.array([5])))\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = jnp.asarray(np.array([1, 2, 3]))\n"
                "print(\"jax:  \", jnp.take(a, np.array([5]), mode=\"clip\"), jnp.take(a, np.array([5]), mode=\"wrap\"))\n",
                "Bounds are not checked inside a compiled function; validate indices before, or name "
                "the mode you want:",
            ),
        },
    ),
    Hazard(
        "precision", "Rounding inside the computation: float16 steps, round(decimals=), arange",
        "Some NumPy functions compute in the array's own dtype step by step: `round(a, 2)` of "
        "float16 scales by 100 in float16, and `arange(..., dtype=float16)` computes each "
        "`start + i * step` in float16. The last digits follow from those roundings.",
        {
            "torch": Side(
                "value",
                "PyTorch computes these in float32 and rounds once to the result dtype, so float16 "
                "and bfloat16 results differ from NumPy's in the last digits (one or more units in "
                "the last place, more for `arange` far from its start).",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([1.675], dtype=np.float16)\n"
                "print(\"numpy:\", np.round(a, 2), np.arange(-1.0, 1.0, 0.3, dtype=np.float16)[2])\n"
                "t = torch.from_numpy(a)\n"
                "print(\"torch:\", torch.round(t, decimals=2), torch.arange(-1.0, 1.0, 0.3, dtype=torch.float16)[2])\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([1.675], dtype=np.float16))\n"
                "print(\"torch:\", (t * 100).round() / 100)\n",
                "Where the float16 digits must match NumPy, spell out NumPy's steps in float16:",
            ),
            "jax": Side(
                "value",
                "JAX, like PyTorch, computes `round(decimals=)` and `arange` in a wider type and "
                "rounds once; XLA may also fuse float16 steps in float32.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1.675], dtype=np.float16)\n"
                "print(\"numpy:\", np.round(a, 2), np.arange(-1.0, 1.0, 0.3, dtype=np.float16)[2])\n"
                "print(\"jax:  \", jnp.round(a, 2), jnp.arange(-1.0, 1.0, 0.3, dtype=jnp.float16)[2])\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([1.675], dtype=np.float16)\n"
                "print(\"jax:  \", jnp.round(jnp.asarray(a) * 100) / 100)\n",
                "Where the float16 digits must match NumPy, spell out NumPy's steps in float16:",
            ),
        },
    ),
    Hazard(
        "same_name", "Functions of the same name that mean something else",
        "NumPy's `repeat` repeats each element, `split(a, 3)` makes 3 sections, `transpose(a)` "
        "reverses all axes, `max(a, axis=1)` returns the values.",
        {
            "torch": Side(
                "value",
                "Calling the torch function or method of the same name runs different code: "
                "`Tensor.repeat` tiles the whole tensor, `torch.split(t, 3)` makes chunks of size 3, "
                "`torch.transpose` swaps two named dims, `torch.max(t, dim=1)` returns a "
                "(values, indices) pair. Parity's campaign maps each NumPy function to its "
                "*equivalent* (`repeat_interleave`, `tensor_split`, `permute`); the same-name mode "
                "(`parity fuzz --subject torch-same-name`) measures what happens when the name is kept.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([1, 2])\n"
                "print(\"numpy:\", np.repeat(a, 2), [s.tolist() for s in np.split(np.arange(6), 3)])\n"
                "t = torch.from_numpy(a)\n"
                "print(\"torch:\", t.repeat(2), [s.tolist() for s in torch.split(torch.arange(6), 3)])\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([1, 2]))\n"
                "print(\"torch:\", torch.repeat_interleave(t, 2), [s.tolist() for s in torch.tensor_split(torch.arange(6), 3)])\n",
                "Use the equivalent, not the namesake: `repeat_interleave`, `tensor_split`, `permute`:",
            ),
        },
    ),
    Hazard(
        "views", "Views, copies and writes through them",
        "`flatten` always copies; `ravel` and `reshape` return views where they can; results of "
        "arithmetic never share memory with their inputs. `np.asarray(t)` of a tensor and "
        "`torch.from_numpy(a)` share memory.",
        {
            "torch": Side(
                "value",
                "`torch.flatten` returns the input itself for a 1-D tensor and a view where it can; "
                "a later in-place write then changes the original too. `torch.from_numpy` shares "
                "memory with the ndarray, so `t += 1` modifies the NumPy array.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([1, 2, 3])\n"
                "f = a.flatten()\n"
                "f[0] = 99\n"
                "print(\"numpy:\", a)\n"
                "t = torch.from_numpy(np.array([1, 2, 3]))\n"
                "g = torch.flatten(t)\n"
                "g[0] = 99\n"
                "print(\"torch:\", t)\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.from_numpy(np.array([1, 2, 3]))\n"
                "g = torch.flatten(t).clone()\n"
                "g[0] = 99\n"
                "print(\"torch:\", t)\n",
                "Clone where NumPy copies:",
            ),
            "jax": Side(
                "error",
                "JAX arrays are immutable: there is no in-place assignment and no `out=`; every "
                "write is a new array through `.at[...]`.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.zeros(3)\n"
                "a[0] = 1\n"
                "print(\"numpy:\", a)\n"
                "b = jnp.zeros(3)\n"
                "try:\n"
                "    b[0] = 1\n"
                "except TypeError as e:\n"
                "    b = \"TypeError: \" + str(e).split(\".\")[0]\n"
                "print(\"jax:  \", b)\n",
                "import jax.numpy as jnp\n"
                "b = jnp.zeros(3).at[0].set(1)\n"
                "print(\"jax:  \", b)\n",
                "Use `.at[index].set(value)` (and `.add`, `.mul`...) and keep the returned array:",
                not_compared=("jax arrays are immutable", "jax.numpy functions take no out="),
            ),
        },
    ),
    Hazard(
        "warnings", "Warnings against silence",
        "Invalid floating-point operations warn: `log(-1)` and `0/0` give a RuntimeWarning, "
        "casting complex to real gives a ComplexWarning (`np.errstate` and `warnings` control them).",
        {
            "torch": Side(
                "warning",
                "PyTorch never checks floating-point status: `torch.log(-1)` is NaN in silence. "
                "Casting complex to real gives a UserWarning.",
                "import warnings\n"
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([-1.0, 0.0])\n"
                "with warnings.catch_warnings(record=True) as w:\n"
                "    warnings.simplefilter(\"always\")\n"
                "    r = np.log(a)\n"
                "print(\"numpy:\", r, [x.category.__name__ for x in w])\n"
                "with warnings.catch_warnings(record=True) as w:\n"
                "    warnings.simplefilter(\"always\")\n"
                "    t = torch.log(torch.from_numpy(a))\n"
                "print(\"torch:\", t, [x.category.__name__ for x in w])\n",
                "import numpy as np\n"
                "import torch\n"
                "t = torch.log(torch.from_numpy(np.array([-1.0, 0.0])))\n"
                "if not torch.isfinite(t).all():\n"
                "    print(\"torch: invalid value or divide by zero in log\")\n",
                "Check the result where NumPy would have warned:",
            ),
            "jax": Side(
                "warning",
                "JAX checks no floating-point status either (`jax_debug_nans` raises instead, for "
                "debugging). Casting complex to real gives a DeprecationWarning.",
                "import warnings\n"
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([-1.0, 0.0])\n"
                "with warnings.catch_warnings(record=True) as w:\n"
                "    warnings.simplefilter(\"always\")\n"
                "    r = np.log(a)\n"
                "print(\"numpy:\", r, [x.category.__name__ for x in w])\n"
                "with warnings.catch_warnings(record=True) as w:\n"
                "    warnings.simplefilter(\"always\")\n"
                "    r = jnp.log(a)\n"
                "print(\"jax:  \", r, [x.category.__name__ for x in w])\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "r = jnp.log(np.array([-1.0, 0.0]))\n"
                "if not jnp.isfinite(r).all():\n"
                "    print(\"jax:   invalid value or divide by zero in log\")\n",
                "Check the result where NumPy would have warned:",
            ),
        },
    ),
    Hazard(
        "dtype_support", "Dtypes one library does not take",
        "NumPy's ufuncs take every numeric dtype and bool, and `where` takes any condition "
        "(non-zero is true).",
        {
            "torch": Side(
                "error",
                "Many PyTorch kernels are not implemented for bool, float16 on the CPU, or the "
                "unsigned types uint16/uint32/uint64 (which also cannot be promoted with other "
                "dtypes), and `torch.where` requires a bool condition.",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([True, False])\n"
                "c = np.array([1, 0], dtype=np.int16)\n"
                "print(\"numpy:\", np.abs(a), np.where(c, 1.0, 2.0))\n"
                "for f in (lambda: torch.abs(torch.from_numpy(a)), lambda: torch.where(torch.from_numpy(c), 1.0, 2.0)):\n"
                "    try:\n"
                "        print(\"torch:\", f())\n"
                "    except Exception as e:\n"
                "        print(\"torch:\", type(e).__name__, str(e).splitlines()[0])\n",
                "import numpy as np\n"
                "import torch\n"
                "c = torch.from_numpy(np.array([1, 0], dtype=np.int16))\n"
                "print(\"torch:\", torch.abs(torch.from_numpy(np.array([True, False])).to(torch.uint8)).bool(), torch.where(c != 0, 1.0, 2.0))\n",
                "Cast bool to an integer type, and make conditions bool with `!= 0`:",
            ),
            "jax": Side(
                "error",
                "JAX takes every NumPy dtype, but some functions refuse dtypes NumPy accepts: "
                "`round` of bool, `jax.nn.sigmoid` (SciPy's `expit`) of integers, and integer "
                "powers with negative exponents (TypeError where NumPy raises ValueError).",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([True, False])\n"
                "print(\"numpy:\", np.round(a))\n"
                "try:\n"
                "    r = jnp.round(a)\n"
                "except ValueError as e:\n"
                "    r = f\"ValueError: {e}\"\n"
                "print(\"jax:  \", r)\n",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "a = np.array([True, False])\n"
                "print(\"jax:  \", jnp.round(a.astype(np.round(a[:0]).dtype)))\n",
                "Cast to the dtype NumPy returns first:",
            ),
        },
    ),
    Hazard(
        "errors", "Errors: raised by one library only, or of another class",
        "NumPy raises ValueError for shapes that do not broadcast, IndexError for out-of-bounds "
        "indices, numpy.exceptions.AxisError (a ValueError and IndexError) for bad axes, TypeError "
        "for casts `out=` cannot take.",
        {
            "torch": Side(
                "error",
                "PyTorch raises RuntimeError for almost everything (shape mismatch, dtype refusal, "
                "division by zero), so `except ValueError:` around ported code stops catching.",
                "import numpy as np\n"
                "import torch\n"
                "for name, f in ((\"numpy\", lambda: np.ones(3) + np.ones(2)), (\"torch\", lambda: torch.ones(3) + torch.ones(2))):\n"
                "    try:\n"
                "        f()\n"
                "    except Exception as e:\n"
                "        print(name + \":\", type(e).__name__)\n",
                "import torch\n"
                "try:\n"
                "    torch.ones(3) + torch.ones(2)\n"
                "except (ValueError, RuntimeError) as e:\n"
                "    print(\"torch: caught\", type(e).__name__)\n",
                "Catch RuntimeError beside NumPy's class:",
            ),
            "jax": Side(
                "error",
                "JAX raises TypeError or ValueError in most places NumPy does, but from tracing: "
                "the class can differ (TypeError where NumPy has ValueError) and messages name "
                "lax primitives.",
                "import numpy as np\n"
                "import jax.numpy as jnp\n"
                "for name, f in ((\"numpy\", lambda: np.ones(3) + np.ones(2)), (\"jax\", lambda: jnp.ones(3) + jnp.ones(2))):\n"
                "    try:\n"
                "        f()\n"
                "    except Exception as e:\n"
                "        print(name + \":\", type(e).__name__)\n",
                "import jax.numpy as jnp\n"
                "try:\n"
                "    jnp.ones(3) + jnp.ones(2)\n"
                "except (ValueError, TypeError) as e:\n"
                "    print(\"jax:   caught\", type(e).__name__)\n",
                "Catch both classes where ported code relies on one:",
            ),
        },
    ),
    Hazard(
        "hangs", "Calls that never return or kill the process",
        "NumPy's integer functions return on every input; where a result does not fit (the "
        "absolute value of the dtype's minimum) it wraps: `np.gcd(np.int8(0), np.int8(-128))` is "
        "-128, and `np.lcm` of int64's minimum and maximum is the minimum.",
        {
            "torch": Side(
                "crash",
                "`torch.lcm` of int64's minimum and maximum (`-2**63` and `2**63 - 1`) divides "
                "the minimum by -1, which the CPU traps: the process dies of SIGFPE, with no "
                "Python exception to catch. The campaign also saw `torch.linalg.eig` abort the "
                "process (SIGABRT, after LAPACK's \"illegal value\" message) on a float64 matrix "
                "it tried while shrinking a differing case. Parity's campaign runs each case in a "
                "worker process and records the death as a finding of its case.",
                "import subprocess, sys\n"
                "import numpy as np\n"
                "a = np.array([-2**63], dtype=np.int64)\n"
                "b = np.array([2**63 - 1], dtype=np.int64)\n"
                "print(\"numpy:\", np.lcm(a, b))\n"
                "code = \"import torch; print(torch.lcm(torch.tensor([-2**63]), torch.tensor([2**63 - 1])))\"\n"
                "r = subprocess.run([sys.executable, \"-c\", code], capture_output=True)\n"
                "print(\"torch: exit status\", r.returncode, \"(killed by SIGFPE)\" if r.returncode == -8 else \"\")\n",
                "import numpy as np\n"
                "import torch\n"
                "a = np.array([-2**63], dtype=np.int64)\n"
                "b = np.array([2**63 - 1], dtype=np.int64)\n"
                "print(\"torch:\", torch.from_numpy(np.lcm(a, b)))\n",
                "Where int64 inputs may hold the minimum, compute lcm in NumPy on the CPU tensors' "
                "memory (`t.numpy()`) and wrap the result:",
            ),
            "jax": Side(
                "crash",
                "`jnp.gcd` and `jnp.lcm` never return on some inputs that hold the signed minimum "
                "of their dtype (-128 in int8, -32768 in int16, and so on), for example "
                "`gcd(0, -128)` in int8: Euclid's loop runs on absolute values, and the minimum's "
                "absolute value wraps back to itself. The process spins until it is killed; "
                "under `jit` the whole program hangs. Parity's campaign kills such a call after "
                "60 s and records it as a finding of its case; the rest of that op and dtype is "
                "not drawn.",
                "import subprocess, sys\n"
                "import numpy as np\n"
                "print(\"numpy:\", np.gcd(np.int8(0), np.int8(-128)))\n"
                "code = \"import jax.numpy as jnp; print(jnp.gcd(jnp.int8(0), jnp.int8(-128)))\"\n"
                "try:\n"
                "    subprocess.run([sys.executable, \"-c\", code], timeout=10)\n"
                "except subprocess.TimeoutExpired:\n"
                "    print(\"jax:   no result after 10 s: the call does not return\")\n",
                "import jax\n"
                "jax.config.update(\"jax_enable_x64\", True)\n"
                "import jax.numpy as jnp\n"
                "a, b = jnp.int8(0), jnp.int8(-128)\n"
                "print(\"jax:  \", jnp.gcd(a.astype(jnp.int16), b.astype(jnp.int16)).astype(jnp.int8))\n",
                "Compute in the next wider integer type and cast back, which also gives NumPy's "
                "wrapped result (int64 has no wider type: keep its minimum out of the inputs):",
            ),
        },
    ),
]

#!/usr/bin/env python3
"""Checks that every op's PyTorch and JAX call (OpInfo torch_ref / jax_ref, issue 14) resolves.

Usage: python3 scripts/check_library_refs.py [build/parity]

Reads `parity ops --json`; for each op and library: declared missing (with its reason), or a
reference that must evaluate to a callable, every `torch.X` / `jnp.X` / `jax.X` name it mentions
must exist, and the torch.Tensor method (and its in-place `_` form where the op has an in-place
variant) is looked up. Prints the counts per library and the missing ops. Exit 1 when a reference
does not resolve; a library that cannot be imported is reported in one line and skipped.
"""
import json
import os
import re
import subprocess
import sys


def load_ops(parity):
    out = subprocess.run([parity, "ops", "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def import_libs():
    libs, why = {}, {}
    try:
        import torch
        libs["torch"] = torch
    except Exception as e:  # ImportError, or a broken install
        why["torch"] = f"{type(e).__name__}: {e}"
    try:
        os.environ.setdefault("JAX_PLATFORMS", "cpu")
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_enable_x64", True)
        libs["jax"] = (jax, jnp)
    except Exception as e:
        why["jax"] = f"{type(e).__name__}: {e}"
    return libs, why


def resolve(ref, ns):
    """None when `ref` evaluates to a callable whose library names all exist, else why not."""
    try:
        f = eval(ref, ns)
    except Exception as e:
        return f"does not evaluate: {type(e).__name__}: {e}"
    if not callable(f):
        return "is not callable"
    for mod, attr in re.findall(r"\b(torch|jnp|jax)\.([A-Za-z_][A-Za-z_0-9.]*)", ref):
        obj = ns[mod]
        for part in attr.split("."):
            if not hasattr(obj, part):
                return f"{mod}.{attr} does not exist"
            obj = getattr(obj, part)
    return None


def main():
    parity = sys.argv[1] if len(sys.argv) > 1 else "build/parity"
    ops = load_ops(parity)
    libs, why = import_libs()
    import numpy as np
    failures = 0
    for lib in ("torch", "jax"):
        if lib not in libs:
            print(f"{lib}: not checked: {lib} not installed ({why[lib]})")
            continue
        ns = {"np": np}
        if lib == "torch":
            ns["torch"] = libs["torch"]
            tensor = libs["torch"].Tensor
        else:
            ns["jax"], ns["jnp"] = libs["jax"]
            tensor = libs["jax"][0].Array
        comparable, missing, bad, no_inplace, no_method = [], [], [], [], []
        for op in ops:
            m = op[lib]
            if m["missing"]:
                missing.append((op["name"], m["missing"]))
                continue
            if not m["ref"]:
                bad.append((op["name"], "no reference and no reason"))
                continue
            err = resolve(m["ref"], ns)
            if err:
                bad.append((op["name"], f"{m['ref']} {err}"))
                continue
            comparable.append(op["name"])
            method = m.get("method", "") if lib == "torch" else op["numpy_method"]
            if "method" in op["variants"] and method and not hasattr(tensor, method):
                if lib == "torch":  # named by the entry or derived: a mapping error
                    bad.append((op["name"], f"{tensor.__name__}.{method} does not exist"))
                else:  # NumPy's method name: the executor calls the function instead
                    no_method.append(op["name"])
            if lib == "torch" and "inplace" in op["variants"] and not hasattr(tensor, method + "_"):
                no_inplace.append(op["name"])
        print(f"{lib}: {len(ops)} ops, {len(comparable)} comparable, {len(missing)} declared missing, "
              f"{len(bad)} not resolving")
        for name, reason in missing:
            print(f"  missing {name}: {reason}")
        for name, reason in bad:
            print(f"  NOT RESOLVING {name}: {reason}")
        if no_inplace:
            print(f"  no in-place method (in-place cases not comparable): {', '.join(no_inplace)}")
        if no_method:
            print(f"  no jax.Array method of NumPy's name (method cases call the function): {', '.join(no_method)}")
        failures += len(bad)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#pragma once
// One kernel slot per device for a family of non-elementwise ops (ATen's DispatchStub, kept
// small): the op body checks, broadcasts and promotes once, then calls stub.at(device, op)(...)
// with no device conditional of its own. The CPU slot holds the host loops; the CUDA slot a thin
// front end over cuda/backend.h (whose no_cuda.cpp stubs raise in builds without CUDA).
#include <string>

#include "parity/device.h"
#include "parity/errors.h"

namespace parity {

template <class Fn> struct DeviceStub {
  const char* family;  // what the slots compute ("reductions"), named in the error for an empty one
  Fn cpu = nullptr;
  Fn cuda = nullptr;

  // The slot for `d`. A GPU must be usable first (check_device_available's "built without CUDA"
  // or "not available" RuntimeError, naming `op`); an empty slot is NotImplementedError.
  Fn at(Device d, const char* op) const {
    Fn fn = nullptr;
    const char* kind = "CPU";
    switch (d.type) {
      case DeviceType::cpu: fn = cpu; break;
      case DeviceType::cuda:
        check_device_available(d, op);
        fn = cuda;
        kind = "CUDA";
        break;
    }
    if (!fn)
      throw NotImplementedError(op_msg(op, std::string("no ") + kind + " kernel for " + family + " on " +
                                               to_string(d)));
    return fn;
  }
};

}  // namespace parity

#pragma once
// Exceptions mirror NumPy's classes; the message starts with the op's name, e.g.
// "[broadcast_to] cannot broadcast shape (3,) to (4,)". py_class() names the Python class.
#include <stdexcept>
#include <string>

namespace parity {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  virtual const char* py_class() const noexcept { return "Exception"; }
};

#define PARITY_ERROR_CLASS(Name, Base, Py)                        \
  class Name : public Base {                                      \
   public:                                                        \
    using Base::Base;                                             \
    const char* py_class() const noexcept override { return Py; } \
  };

PARITY_ERROR_CLASS(ValueError, Error, "ValueError")
PARITY_ERROR_CLASS(TypeError, Error, "TypeError")
PARITY_ERROR_CLASS(IndexError, Error, "IndexError")
PARITY_ERROR_CLASS(OverflowError, Error, "OverflowError")
PARITY_ERROR_CLASS(ZeroDivisionError, Error, "ZeroDivisionError")
PARITY_ERROR_CLASS(NotImplementedError, Error, "NotImplementedError")
PARITY_ERROR_CLASS(MemoryError, Error, "MemoryError")
// Autograd errors (backward through a freed graph, a tensor modified in place...), as PyTorch.
PARITY_ERROR_CLASS(RuntimeError, Error, "RuntimeError")
// numpy.exceptions.AxisError derives from ValueError and IndexError; we keep the ValueError side.
PARITY_ERROR_CLASS(AxisError, ValueError, "AxisError")
// numpy.exceptions.DTypePromotionError and numpy's UFuncTypeError/_UFuncNoLoopError are TypeErrors.
PARITY_ERROR_CLASS(DTypePromotionError, TypeError, "DTypePromotionError")
PARITY_ERROR_CLASS(UFuncTypeError, TypeError, "UFuncTypeError")
// numpy.linalg.LinAlgError derives from ValueError: a singular matrix, a matrix not positive
// definite, no convergence.
PARITY_ERROR_CLASS(LinAlgError, ValueError, "LinAlgError")
// Python's BufferError: a buffer that cannot be exported (DLPack of a read-only array, as NumPy).
PARITY_ERROR_CLASS(BufferError, Error, "BufferError")
#undef PARITY_ERROR_CLASS

// Builds "[op] message".
inline std::string op_msg(const char* op, const std::string& msg) {
  return std::string("[") + op + "] " + msg;
}

}  // namespace parity

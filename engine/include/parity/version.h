#pragma once
namespace parity {
inline constexpr const char* kVersion = "0.1.0";
}

#pragma once
// Threads the engine's elementwise loops may use (torch.get_num_threads / set_num_threads): the
// caller included, at most the hardware's; PARITY_NUM_THREADS caps it from the environment.
namespace parity {

int num_threads();
void set_num_threads(int n);  // n <= 0: no cap beyond the hardware and PARITY_NUM_THREADS

}  // namespace parity

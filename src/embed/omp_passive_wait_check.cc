// Starts OpenMP (one parallel region) so that, run with OMP_DISPLAY_ENV=TRUE, libgomp prints
// the wait policy it initialized with; ctest matches it (omp_passive_wait_* in CMakeLists).
#include <omp.h>

#include <cstdio>

int main() {
  int threads = 0;
#pragma omp parallel
  {
#pragma omp atomic
    threads += 1;
  }
  std::printf("%d OpenMP threads\n", threads);
  return threads > 0 ? 0 : 1;
}

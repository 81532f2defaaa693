#include "parallel/parallel_pair_loop.h"

#include <memory>

#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace contactsim {

int availableThreads() { return tbb::info::default_concurrency(); }

PairLoop parallelPairLoop(int threads) {
  if (threads <= 0) threads = availableThreads();
  if (threads == 1) return {};
  // One arena per loop, shared by its copies: the thread limit holds whoever else uses oneTBB.
  auto arena = std::make_shared<tbb::task_arena>(threads);
  return [arena](std::size_t count, const std::function<void(std::size_t)>& body) {
    arena->execute([&] {
      // Grain 1: a pair in contact costs orders of magnitude more than one that is apart, so
      // every pair is its own task for the scheduler to steal.
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 1),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t i = range.begin(); i != range.end(); ++i) body(i);
                        });
    });
  };
}

}  // namespace contactsim

// A loop over independent indices that a caller may run on several threads. core stays serial
// and Eigen-only: contactsim_parallel (oneTBB) makes the threaded loop, and whoever owns one
// hands it down (ContactOptions::pair_loop; the contact query's regions and pieces).
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>

namespace contactsim {

// Runs body(i) once for every i in [0, count), in any order and on any threads. Each body(i)
// must write only its own results, which the caller combines in index order: results are then
// bit-identical whatever runs the loop.
using IndexLoop =
    std::function<void(std::size_t count, const std::function<void(std::size_t)>& body)>;

// Items (triangle pairs, triangles, cut entries) per task of a loop inside a contact query: with
// fewer, a task's dispatch and wake-up, some microseconds, cost more than the work it moves.
inline constexpr std::size_t kLoopGrain = 1024;

// `loop` for work of `items` such items, or none (serial) when there is no loop or too little to
// share: fewer than two tasks of `grain` items.
inline const IndexLoop* loopFor(const IndexLoop* loop, std::size_t items,
                                std::size_t grain = kLoopGrain) {
  return loop && *loop && items >= 2 * grain ? loop : nullptr;
}

// body(0), …, body(count − 1): through `loop` when there is one, else one after the other.
inline void forEachIndex(const IndexLoop* loop, std::size_t count,
                         const std::function<void(std::size_t)>& body) {
  if (loop && *loop && count > 1) {
    (*loop)(count, body);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) body(i);
}

// Items [0, items) in blocks of kLoopGrain, body(block, begin, end) once per block: through
// `loop` where loopFor shares the work, else one block after the other.
inline void forEachBlock(
    const IndexLoop* loop, std::size_t items,
    const std::function<void(std::size_t block, std::size_t begin, std::size_t end)>& body) {
  const std::size_t blocks = (items + kLoopGrain - 1) / kLoopGrain;
  forEachIndex(loopFor(loop, items), blocks, [&](std::size_t k) {
    const std::size_t begin = k * kLoopGrain;
    body(k, begin, std::min(items, begin + kLoopGrain));
  });
}

}  // namespace contactsim

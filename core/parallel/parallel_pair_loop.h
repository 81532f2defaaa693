// The contact pairs of a ContactForceSource on several threads (ContactOptions::pair_loop).
#pragma once

#include "sim/contact_force_source.h"

namespace contactsim {

// Threads the machine offers (oneTBB's default concurrency).
int availableThreads();

// A pair loop on oneTBB with at most `threads` threads (≤ 0: all available). One thread gives
// the empty, serial loop. Results are bit-identical for any count (ContactOptions::pair_loop).
PairLoop parallelPairLoop(int threads);

}  // namespace contactsim

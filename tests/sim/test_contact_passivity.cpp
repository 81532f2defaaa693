// The passivity cap (core/sim/contact_passivity.h) on its own: what a capped force may deliver
// over this step and, through the half of it the next step applies, over the next.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>

#include "collision/triangle_intersection.h"
#include "sim/contact_passivity.h"

using namespace contactsim;

namespace {

// Work the trapezoidal rule lets a force F do over this step and the first half of the next
// (F as the next step's F₀, at the present separation rate), for δ̇ = rate.
double committedWork(double force, double rate, double last_force, double last_separation,
                     double h) {
  const double separation = last_separation - rate;
  return 0.25 * h * (last_force + force) * separation + 0.5 * h * force * std::max(-rate, 0.0);
}

// The start load F₀ acting at the same material points as F (its half of the work through δ̇).
NormalForce capped(double law, double rate, double budget, double last_force,
                   double last_separation, double h) {
  NormalForce f{law, 3.0e9, 1.0e6};  // the law's own derivatives, replaced where it caps
  const double start_work = 0.25 * h * last_force * (last_separation - rate);
  const LedgerCap cap = capByLedger(f, rate, last_separation, budget, start_work, h);
  CHECK(cap.capped == (f.value < law));  // the cap only ever lowers the law's force
  f.d_rate += cap.d_start_work * (-0.25 * h * last_force);  // ∂W₀/∂δ̇
  return f;
}

}  // namespace

TEST_CASE("the passivity cap: never more than the ledger, the next half step included",
          "[passivity]") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int capped_cases = 0;
  for (int k = 0; k < 2000; ++k) {
    const double h = 1e-5 * std::pow(100.0, unit(random));    // 10 µs … 1 ms
    const double last_force = 1e4 * unit(random);             // N
    const double last_separation = 2.0 * unit(random) - 0.5;  // m/s, s₀
    const double rate = -2.0 * unit(random) + 0.5;            // δ̇
    const double law = 2e4 * unit(random);
    const double budget = 0.5 * h * 1e4 * unit(random);  // J
    INFO("h " << h << ", F0 " << last_force << ", s0 " << last_separation << ", rate " << rate
              << ", law " << law << ", ledger " << budget);
    const NormalForce f = capped(law, rate, budget, last_force, last_separation, h);
    CHECK(f.value >= 0.0);
    CHECK(f.value <= law);
    if (last_separation - rate <= 0.0) {
      // Loading: the law as it is.
      CHECK(f.value == law);
      continue;
    }
    if (f.value < law) {
      ++capped_cases;
      // Capped: at most the ledger, exactly it while the force stays positive, F₀'s share
      // alone exceeding it otherwise.
      const double work = committedWork(f.value, rate, last_force, last_separation, h);
      if (f.value > 0.0) {
        CHECK(work == Approx(budget).epsilon(1e-9));
      } else {
        CHECK(work >= budget * (1 - 1e-12));
      }
      CHECK(f.d_indentation == 0.0);
      if (f.value > 0.0 && std::abs(rate) > 1e-3) {
        // ∂F/∂δ̇ by central differences (the cap is smooth away from δ̇ = 0).
        const double e = 1e-7;
        const double up = capped(1e12, rate + e, budget, last_force, last_separation, h).value;
        const double down = capped(1e12, rate - e, budget, last_force, last_separation, h).value;
        CHECK(f.d_rate == Approx((up - down) / (2 * e)).epsilon(1e-5).margin(1e-3));
      }
    } else {
      // Uncapped: within the ledger.
      CHECK(committedWork(law, rate, last_force, last_separation, h) <= budget * (1 + 1e-12));
      CHECK(f.d_rate == 1.0e6);
    }
  }
  CHECK(capped_cases > 200);
}

// The ramp of an exhausted ledger (the volumetric source's; capByLedger's ramp_width): the force
// falls continuously from the law's where the contact turns to unload (σ = s₀ + s = 0) to the
// cap's at σ = w, so that Newton's iteration can settle between the two where no state of the
// step balances on either side; what it releases beyond the ledger over the step, ¼h·F·σ, is at
// most h·F_law·w/16.
TEST_CASE("an exhausted ledger's ramp: continuous, within its excess, with its derivatives",
          "[passivity]") {
  const double h = 1e-3, law = 2e4, w = 1e-4, last_force = 1.5e4;
  for (const double last_separation : {0.02, 0.0, -0.5 * w, -0.02}) {
    INFO("s0 " << last_separation);
    const double start_work = 0.25 * h * last_force * std::abs(last_separation);
    const double budget = 0.5 * start_work;  // exhausted: the start load alone overdraws it
    const auto at = [&](double separation) {
      NormalForce f{law, 3.0e9, 0.0};  // a law without damping: ∂F/∂δ̇ is the ramp's alone
      const double rate = last_separation - separation;
      const LedgerCap cap = capByLedger(f, rate, last_separation, budget, start_work, h, w);
      CHECK(cap.steep);
      return f;
    };
    // Loading: the law; at the ramp's foot the law, at its top and beyond the cap (0 here).
    CHECK(at(-1e-3).value == law);
    CHECK(at(1e-12 * w).value == Approx(law).epsilon(1e-9));
    CHECK(at(0.5 * w).value == Approx(0.5 * law));
    CHECK(at(w).value == Approx(0.0).margin(1e-9 * law));  // σ = w to rounding
    CHECK(at(10 * w).value == 0.0);
    double previous = law;
    for (int i = 1; i < 100; ++i) {
      const double separation = i * w / 100.0;
      const NormalForce f = at(separation);
      CHECK(f.value <= previous);  // falls as the contact unloads faster
      previous = f.value;
      CHECK(0.25 * h * f.value * separation <= h * law * w / 16.0 * (1 + 1e-12));
      // ∂F/∂δ̇ and ∂F/∂δ by central differences (δ̇ = s₀ − σ).
      const double e = 1e-4 * w;
      CHECK(f.d_rate ==
            Approx((at(separation - e).value - at(separation + e).value) / (2 * e)).epsilon(1e-6));
      CHECK(f.d_indentation == Approx(3.0e9 * (1.0 - separation / w)));
    }
  }
  // A ledger that holds more than the ramp's ¼h·F_law·w is not steep.
  NormalForce rich{law, 3.0e9, 1.0e6};
  const LedgerCap none = capByLedger(rich, -0.5 * w, 0.0, h * law * w, 0.0, h, w);
  CHECK_FALSE(none.steep);
}

// What a ledger can resolve: the triangle test places intersection points, and with them δ and a
// load's material points, to kTriangleRelativeTolerance of the triangles' edges, none longer than
// the model's size L, so a load F's work is uncertain by at most F·kTriangleRelativeTolerance·L.
// A stack of steel boxes begun with faces touching
// releases 1e-18 to 1e-14 J from its empty ledgers; such a release is not an overdraft, one a
// thousand times the resolution is, and so is one beyond a ledger that holds something.
TEST_CASE("a release within the geometry's resolution of a ledger is no overdraft", "[passivity]") {
  for (const double force : {10.0, 1e5})
    for (const double length : {0.05, 30.0}) {
      CAPTURE(force, length);
      const double resolution = ledgerResolution(force, length);
      CHECK(resolution == Approx(kTriangleRelativeTolerance * force * length));
      CHECK_FALSE(startLoadOverdraws(0.5 * resolution, 0.0, resolution));
      CHECK(startLoadOverdraws(1e3 * resolution, 0.0, resolution));
      const double ledger = 1e-3 * force * length;
      CHECK_FALSE(startLoadOverdraws(ledger + 0.5 * resolution, ledger, resolution));
      CHECK(startLoadOverdraws(ledger * (1.0 + 1e-6), ledger, resolution));
      // An overdrawn ledger holds nothing.
      CHECK(startLoadOverdraws(2.0 * resolution, -ledger, resolution));
    }
}

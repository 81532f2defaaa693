// Prescribed cable lengths: C² ramp and C² table interpolation.
#include <catch2/catch.hpp>

#include "dynamics/cable_length.h"

using namespace contactsim;

TEST_CASE("ramp: smooth start, then constant rate", "[dynamics]") {
  const CableLength law = CableLength::ramp(2.0, -0.5, 0.4);
  CHECK(law.at(0.0).length == 2.0);
  CHECK(law.at(0.0).acceleration == 0.0);
  // L̈ continuous at both ends of the ramp; L̇ reaches the rate.
  CHECK(law.at(1e-9).acceleration == Approx(0.0).margin(1e-6));
  CHECK(law.at(0.4 - 1e-9).acceleration == Approx(0.0).margin(1e-6));
  CHECK(law.at(0.4).rate == Approx(-0.5));
  CHECK(law.at(0.4).length == Approx(2.0 - 0.5 * 0.2));
  CHECK(law.at(1.4).length == Approx(2.0 - 0.1 - 0.5));
  // Derivatives agree with finite differences.
  const double t = 0.13, h = 1e-6;
  CHECK(law.at(t).rate == Approx((law.at(t + h).length - law.at(t - h).length) / (2 * h)));
  CHECK(law.at(t).acceleration ==
        Approx((law.at(t + h).rate - law.at(t - h).rate) / (2 * h)).epsilon(1e-6));
  CHECK_THROWS_AS(CableLength::ramp(1.0, 0.1, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(CableLength::ramp(-1.0, 0.0, 0.0), std::invalid_argument);
}

TEST_CASE("table: natural cubic spline through the points, C² everywhere", "[dynamics]") {
  const CableLength law = CableLength::table({{0.0, 2.0}, {1.0, 1.5}, {2.0, 1.7}, {4.0, 1.0}});
  CHECK(law.at(1.0).length == Approx(1.5));
  CHECK(law.at(2.0).length == Approx(1.7));
  const double h = 1e-7;
  for (double knot : {0.0, 1.0, 2.0, 4.0}) {
    CHECK(law.at(knot - h).length == Approx(law.at(knot + h).length).margin(1e-6));
    CHECK(law.at(knot - h).rate == Approx(law.at(knot + h).rate).margin(1e-5));
    CHECK(law.at(knot - h).acceleration == Approx(law.at(knot + h).acceleration).margin(1e-5));
  }
  // Linear beyond the ends.
  CHECK(law.at(5.0).acceleration == 0.0);
  CHECK(law.at(5.0).length == Approx(1.0 + law.at(4.0).rate));
  CHECK_THROWS_AS(CableLength::table({{0.0, 1.0}}), std::invalid_argument);
  CHECK_THROWS_AS(CableLength::table({{0.0, 1.0}, {0.0, 2.0}}), std::invalid_argument);
}

// The checkpoint byte image (geometry/state_archive.h): what is written reads back bit for bit,
// and every malformed image is a CheckpointError, never a crash or a silent misread.
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "geometry/state_archive.h"

using namespace contactsim;

namespace {
bool sameBits(double x, double y) {
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}
}  // namespace

TEST_CASE("state archive: values read back bit for bit, in order", "[archive]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double specials[] = {0.0,
                             -0.0,
                             nan,
                             std::numeric_limits<double>::infinity(),
                             std::numeric_limits<double>::denorm_min(),
                             1.0 / 3.0};
  StateWriter out;
  for (double x : specials) out.real(x);
  out.integer(-42);
  out.flag(true);
  out.optionalVec3(std::nullopt);
  out.optionalVec3(Vec3(1, -2, 3));
  const Pose pose = Pose::fromTranslationRotationVector(Vec3(0.1, 0.2, 0.3), Vec3(0.4, -0.5, 0.6));
  out.pose(pose);
  Eigen::VectorXd v(4);
  v << 1e-300, -1e300, 0.5, -0.0;
  out.vector(v);
  // A dense run, a gap, and a value needing all ten 7-bit groups.
  const std::vector<std::uint64_t> ascending = {
      0, 1, 2, 3, 1000, 1u << 20, std::numeric_limits<std::uint64_t>::max() - 1};
  out.ascending(ascending);

  StateReader in(out.bytes(), "test");
  for (double x : specials) CHECK(sameBits(in.real(), x));
  CHECK(in.integer() == -42);
  CHECK(in.flag());
  CHECK_FALSE(in.optionalVec3().has_value());
  CHECK(in.optionalVec3().value() == Vec3(1, -2, 3));
  const Pose read = in.pose();
  CHECK(read.rotation == pose.rotation);
  CHECK(read.translation == pose.translation);
  const Eigen::VectorXd w = in.vector(4);
  for (int i = 0; i < 4; ++i) CHECK(sameBits(w[i], v[i]));
  CHECK(in.ascending(std::numeric_limits<std::uint64_t>::max()) == ascending);
  CHECK_NOTHROW(in.expectEnd());
}

TEST_CASE("state archive: a dense pattern takes about a byte per entry", "[archive]") {
  std::vector<std::uint64_t> entries;
  for (std::uint64_t col = 0; col < 12; ++col)
    for (std::uint64_t row = 0; row < 12; ++row) entries.push_back(col * 1000 + row);
  StateWriter out;
  out.ascending(entries);
  CHECK(out.bytes().size() < 8 + 2 * entries.size());
}

TEST_CASE("state archive: malformed images are refused with the reader's name", "[archive]") {
  StateWriter out;
  out.vector(Eigen::VectorXd::Ones(3));
  out.integer(2);  // a flag that is neither 0 nor 1
  out.ascending(std::vector<std::uint64_t>{5, 9});
  const std::vector<std::uint8_t>& bytes = out.bytes();

  SECTION("a vector of another size") {
    StateReader in(bytes, "ckpt");
    CHECK_THROWS_WITH(in.vector(4), Catch::StartsWith("ckpt: a vector of 3 entries where 4"));
  }
  SECTION("a bad flag") {
    StateReader in(bytes, "ckpt");
    in.vector(3);
    CHECK_THROWS_AS(in.flag(), CheckpointError);
  }
  SECTION("a value beyond the limit") {
    StateReader in(bytes, "ckpt");
    in.vector(3);
    in.integer();
    CHECK_THROWS_WITH(in.ascending(9), Catch::Contains("out of order or range"));
  }
  SECTION("truncated anywhere") {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      StateReader in(std::span(bytes.data(), n), "ckpt");
      CHECK_THROWS_AS((in.vector(3), in.integer(), in.ascending(100), in.expectEnd()),
                      CheckpointError);
    }
  }
  SECTION("a count larger than the bytes left") {
    StateWriter huge;
    huge.integer(std::numeric_limits<std::int64_t>::max());
    StateReader in(huge.bytes(), "ckpt");
    CHECK_THROWS_AS(in.reals(std::numeric_limits<std::size_t>::max()), CheckpointError);
  }
  SECTION("bytes left over") {
    StateReader in(bytes, "ckpt");
    in.vector(3);
    CHECK_THROWS_WITH(in.expectEnd(), Catch::Contains("left over"));
  }
}

#include "geometry/state_archive.h"

#include <cstring>
#include <limits>

namespace contactsim {
namespace {

template <typename T>
void append(std::vector<std::uint8_t>& bytes, const T& value) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
  bytes.insert(bytes.end(), p, p + sizeof(T));
}

}  // namespace

void StateWriter::real(double value) { append(bytes_, value); }

void StateWriter::integer(std::int64_t value) { append(bytes_, value); }

void StateWriter::vec3(const Vec3& v) {
  for (int i = 0; i < 3; ++i) real(v[i]);
}

void StateWriter::optionalVec3(const std::optional<Vec3>& v) {
  flag(v.has_value());
  if (v) vec3(*v);
}

void StateWriter::pose(const Pose& pose) {
  for (int r = 0; r < 3; ++r) vec3(pose.rotation.row(r).transpose());
  vec3(pose.translation);
}

void StateWriter::vector(const Eigen::VectorXd& v) {
  reals(std::span<const double>(v.data(), static_cast<std::size_t>(v.size())));
}

void StateWriter::reals(std::span<const double> values) {
  integer(static_cast<std::int64_t>(values.size()));
  for (double v : values) real(v);
}

void StateWriter::ascending(std::span<const std::uint64_t> values) {
  integer(static_cast<std::int64_t>(values.size()));
  std::uint64_t previous = 0;
  for (std::uint64_t v : values) {
    std::uint64_t delta = v - previous;  // the caller sorted them
    previous = v;
    do {
      const auto low = static_cast<std::uint8_t>(delta & 0x7f);
      delta >>= 7;
      bytes_.push_back(delta ? low | 0x80 : low);
    } while (delta);
  }
}

StateReader::StateReader(std::span<const std::uint8_t> bytes, std::string what)
    : bytes_(bytes), what_(std::move(what)) {}

void StateReader::fail(const std::string& why) const {
  throw CheckpointError(what_ + ": " + why + " (byte " + std::to_string(offset_) + " of " +
                        std::to_string(bytes_.size()) + ")");
}

void StateReader::take(void* out, std::size_t size) {
  if (bytes_.size() - offset_ < size) fail("ends early");
  std::memcpy(out, bytes_.data() + offset_, size);
  offset_ += size;
}

double StateReader::real() {
  double value;
  take(&value, sizeof value);
  return value;
}

std::int64_t StateReader::integer() {
  std::int64_t value;
  take(&value, sizeof value);
  return value;
}

bool StateReader::flag() {
  const std::int64_t value = integer();
  if (value != 0 && value != 1) fail("a flag is neither 0 nor 1");
  return value == 1;
}

std::size_t StateReader::count(std::size_t max) {
  const std::int64_t value = integer();
  if (value < 0 || static_cast<std::uint64_t>(value) > max)
    fail("a count of " + std::to_string(value) + " where at most " + std::to_string(max) + " fit");
  return static_cast<std::size_t>(value);
}

Vec3 StateReader::vec3() {
  Vec3 v;
  for (int i = 0; i < 3; ++i) v[i] = real();
  return v;
}

std::optional<Vec3> StateReader::optionalVec3() {
  if (!flag()) return std::nullopt;
  return vec3();
}

Pose StateReader::pose() {
  Pose pose;
  for (int r = 0; r < 3; ++r) pose.rotation.row(r) = vec3().transpose();
  pose.translation = vec3();
  return pose;
}

Eigen::VectorXd StateReader::vector(Eigen::Index size) {
  const std::vector<double> values = reals(std::numeric_limits<std::size_t>::max());
  if (values.size() != static_cast<std::size_t>(size))
    fail("a vector of " + std::to_string(values.size()) + " entries where " + std::to_string(size) +
         " are expected");
  return Eigen::Map<const Eigen::VectorXd>(values.data(), size);
}

std::vector<double> StateReader::reals(std::size_t max) {
  std::vector<double> values(count(std::min(max, (bytes_.size() - offset_) / sizeof(double))));
  for (double& v : values) v = real();
  return values;
}

std::vector<std::uint64_t> StateReader::ascending(std::uint64_t limit) {
  // Each value takes at least one byte.
  std::vector<std::uint64_t> values(count(remaining()));
  std::uint64_t previous = 0;
  for (std::uint64_t& v : values) {
    std::uint64_t delta = 0;
    for (int shift = 0;; shift += 7) {
      std::uint8_t byte;
      take(&byte, 1);
      if (shift > 63) fail("an integer longer than 64 bits");
      delta |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    v = previous + delta;
    if (v < previous || v >= limit) fail("a value out of order or range");
    previous = v;
  }
  return values;
}

void StateReader::expectEnd() const {
  if (offset_ != bytes_.size()) fail("has bytes left over");
}

}  // namespace contactsim

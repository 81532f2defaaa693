// The state a run carries from one accepted step to the next, as a flat byte image that reads back
// bit for bit: what a checkpoint holds (Simulation::checkpoint, core/record/FORMAT.md, "Resuming").
// In geometry because it is the core's lowest layer: the integrator, the force sources and the
// contact tracker all write their share through it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "geometry/pose.h"
#include "geometry/types.h"

namespace contactsim {

// A checkpoint that does not fit what it is read into (truncated, another scene's, corrupt).
class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Doubles as their 8 IEEE bytes, integers as 8 bytes, both little-endian (the machines we build
// for); vectors are their size then their entries.
class StateWriter {
 public:
  void real(double value);
  void integer(std::int64_t value);
  void flag(bool value) { integer(value ? 1 : 0); }
  void vec3(const Vec3& v);
  void optionalVec3(const std::optional<Vec3>& v);
  void pose(const Pose& pose);
  void vector(const Eigen::VectorXd& v);
  void reals(std::span<const double> values);
  // Non-negative integers in ascending order, as the deltas between them in 7-bit groups: a
  // sparsity pattern's entries mostly follow each other, and take a byte each.
  void ascending(std::span<const std::uint64_t> values);
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

// Reads what a StateWriter wrote, in the same order. Every read past the end, a count above
// `max` or a flag other than 0/1 throws CheckpointError naming `what`.
class StateReader {
 public:
  StateReader(std::span<const std::uint8_t> bytes, std::string what);
  double real();
  std::int64_t integer();
  bool flag();
  // A count written by integer(): 0 ≤ count ≤ max (what the reader's structure allows).
  std::size_t count(std::size_t max);
  Vec3 vec3();
  std::optional<Vec3> optionalVec3();
  Pose pose();
  // A vector of exactly `size` entries (the reader's coordinate count).
  Eigen::VectorXd vector(Eigen::Index size);
  // A vector of at most `max` entries.
  std::vector<double> reals(std::size_t max);
  // What ascending() wrote; each value below `limit`.
  std::vector<std::uint64_t> ascending(std::uint64_t limit);
  std::size_t remaining() const { return bytes_.size() - offset_; }
  // Throws unless every byte was read.
  void expectEnd() const;
  [[noreturn]] void fail(const std::string& why) const;

 private:
  void take(void* out, std::size_t size);
  std::span<const std::uint8_t> bytes_;
  std::size_t offset_ = 0;
  std::string what_;
};

}  // namespace contactsim

// Runs a piece of work in a forked child process and brings back its bytes: what the mesh
// importer does with a file, so that a defect in the importing library (Debian's Assimp can
// abort, hang, allocate without bound or damage its heap on a hostile file; docs/reliability.md)
// ends the child and becomes a one-line error instead of taking the application and its unsaved
// session with it.
#pragma once

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>

namespace contactsim {

struct ChildLimits {
  double seconds = 120.0;                           // wall time before the child is killed
  std::size_t memory_bytes = std::size_t{8} << 30;  // address space (not under sanitizers)
};

// What went wrong, in one line without the file's name: "the importer crashed (Segmentation
// fault)", "the importer did not finish within 120 s", or the message the work threw.
class ChildFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Calls `work` in a child process and returns the string it returned. The child writes it
// through a pipe and leaves with _exit (no exit handlers of the parent's state run there).
// Throws ChildFailure when the work threw (its what()), ran out of memory, was killed by a
// signal, or outlived the limit (then it is killed).
std::string runInChild(const std::function<std::string()>& work, const ChildLimits& limits = {});

// Whether this build runs under a sanitizer, whose shadow memory rules out the address-space
// limit.
bool sanitizedBuild();

}  // namespace contactsim

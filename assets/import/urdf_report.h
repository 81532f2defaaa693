// Inside the URDF import (urdf_import.h): how every stage reports. An error is a UrdfError of one
// line, "<file>:<line>: <element>: <reason>"; what is left out is gathered by kind, so each kind is
// one warning line listing its elements instead of one line per element of a 40-transmission
// robot.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace contactsim::urdf {

class UrdfReport {
 public:
  explicit UrdfReport(std::filesystem::path file) : file_(std::move(file)) {}

  // The URDF file: named by every message, and where relative mesh paths start from.
  const std::filesystem::path& file() const { return file_; }

  // `line` 0 and an empty `element` are left out of the message.
  [[noreturn]] void fail(int line, const std::string& element, const std::string& message) const;

  // Adds `name` to the warning of kind `what`, the kind's line placed where it first occurs.
  void unsupported(const std::string& what, const std::string& name);
  // A kind gathered by its stage: one line of its own, placed after those before it.
  void addWarning(const std::string& what, std::vector<std::string> names);

  // One line each, "<file>: <what>: <name>, <name>, ...", in the order the kinds first occurred.
  std::vector<std::string> warnings() const;

 private:
  std::filesystem::path file_;
  std::vector<std::pair<std::string, std::vector<std::string>>> unsupported_;
};

}  // namespace contactsim::urdf

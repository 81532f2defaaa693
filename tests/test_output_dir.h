// A directory in the build tree for one test's files, created on first use.
#pragma once

#include <filesystem>
#include <string>

namespace contactsim::testing {

inline std::filesystem::path testOutputDir(const std::string& relative) {
  const auto dir = std::filesystem::path(CONTACTSIM_BINARY_DIR) / relative;
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace contactsim::testing

// A file of the source tree (assets, test data) for the GUI tests; each test target defines
// CONTACTSIM_SOURCE_DIR.
#pragma once

#include <QString>
#include <filesystem>
#include <string>

namespace contactsim::testing {

inline QString sourcePath(const std::string& relative) {
  return QString::fromStdString((std::filesystem::path(CONTACTSIM_SOURCE_DIR) / relative).string());
}

}  // namespace contactsim::testing

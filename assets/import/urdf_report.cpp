#include "import/urdf_report.h"

#include "import/urdf_import.h"

namespace contactsim::urdf {
namespace {

// Messages quote names from the file; a line break in one must not split the error line.
std::string oneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace

void UrdfReport::fail(int line, const std::string& element, const std::string& message) const {
  std::string text = file_.string();
  // Appended piecewise: g++ 12 inlines ":" + std::to_string(line) here and warns of an
  // overlapping memcpy it cannot rule out (-Wrestrict, a false positive).
  if (line > 0) text.append(":").append(std::to_string(line));
  if (!element.empty()) text += ": " + element;
  throw UrdfError(oneLine(text + ": " + message));
}

void UrdfReport::unsupported(const std::string& what, const std::string& name) {
  for (auto& [kind, names] : unsupported_) {
    if (kind == what) {
      names.push_back(name);
      return;
    }
  }
  unsupported_.push_back({what, {name}});
}

void UrdfReport::addWarning(const std::string& what, std::vector<std::string> names) {
  unsupported_.push_back({what, std::move(names)});
}

std::vector<std::string> UrdfReport::warnings() const {
  std::vector<std::string> out;
  for (const auto& [what, names] : unsupported_) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    out.push_back(oneLine(file_.string() + ": " + what + ": " + list));
  }
  return out;
}

}  // namespace contactsim::urdf

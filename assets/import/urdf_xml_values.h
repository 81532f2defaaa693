// Reading the values of URDF's XML (libxml2's DOM): element names and attributes, numbers and
// vectors, <origin> poses and required names, each checked where it is read; a bad one fails
// through the report, naming the element and its line.
#pragma once

#include <libxml/tree.h>

#include <optional>
#include <string>
#include <vector>

#include "geometry/pose.h"
#include "geometry/types.h"
#include "import/urdf_report.h"

namespace contactsim::urdf {

std::string elementName(const xmlNode* node);
bool isElement(const xmlNode* node, const char* name);
std::optional<std::string> attribute(const xmlNode* node, const char* name);

// URDF's rpy are fixed-axis roll, pitch, yaw: R = Rz(yaw)·Ry(pitch)·Rx(roll).
Mat3 rpyRotation(const Vec3& rpy);

class XmlValues {
 public:
  explicit XmlValues(UrdfReport& report) : report_(report) {}

  [[noreturn]] void fail(const xmlNode* node, const std::string& element,
                         const std::string& message) const;
  // `count` finite numbers separated by white space (a leading '+' allowed, any locale); the
  // fallback's text when the attribute is missing, an error when there is none.
  std::vector<double> numbers(const xmlNode* node, const std::string& element, const char* name,
                              std::size_t count, const std::optional<std::string>& fallback) const;
  double number(const xmlNode* node, const std::string& element, const char* name,
                std::optional<double> fallback) const;
  Vec3 vec3(const xmlNode* node, const std::string& element, const char* name,
            const Vec3& fallback) const;
  // The pose of the one <origin> child of `parent` (identity without one).
  Pose origin(const xmlNode* parent, const std::string& element) const;
  // The non-empty name every <link> and <joint> must have.
  std::string requiredName(const xmlNode* node, const std::string& tag) const;

 protected:
  UrdfReport& report_;
};

}  // namespace contactsim::urdf

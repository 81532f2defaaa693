#include "import/urdf_import.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <unistd.h>

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "geometry/pose.h"
#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"

namespace contactsim {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

enum class GeometryKind { Mesh, Box, Cylinder, Sphere };

struct Geometry {
  GeometryKind kind = GeometryKind::Mesh;
  std::string filename;  // as written, for messages
  fs::path file;         // resolved
  Vec3 scale = Vec3::Ones();
  Vec3 size = Vec3::Zero();  // box
  double radius = 0.0, length = 0.0;
};

struct Collision {
  Pose origin;  // in the link frame
  Geometry geometry;
  int line = 0;
};

struct Inertial {
  Pose origin;  // centre of mass and principal-axes frame in the link frame
  double mass = 0.0;
  Mat3 inertia = Mat3::Zero();  // about the centre of mass, in the origin's axes
};

struct Link {
  std::string name;
  int line = 0;
  std::optional<Inertial> inertial;
  std::vector<Collision> collisions;
};

struct Limit {
  double lower = 0.0, upper = 0.0, effort = 0.0, velocity = 0.0;
};

struct Joint {
  std::string name, type, parent, child;
  int line = 0;
  Pose origin;  // the child link's frame in the parent's at joint position zero
  Vec3 axis = Vec3::UnitX();
  std::optional<Limit> limit;
};

struct XmlDocDeleter {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};
struct XmlContextDeleter {
  void operator()(xmlParserCtxt* ctxt) const { xmlFreeParserCtxt(ctxt); }
};

std::string elementName(const xmlNode* node) { return reinterpret_cast<const char*>(node->name); }

bool isElement(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE && elementName(node) == name;
}

std::optional<std::string> attribute(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return std::nullopt;
  std::string text(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return text;
}

// Messages quote names from the file; a line break in one must not split the error line.
std::string oneLine(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// What the scene reader accepts for a moving body (docs/scene-format.md, "Mass properties"):
// positive principal moments with I1 + I2 > I3, the same relative margins.
// A point mass, a rod or a plate: physical (moments ≥ 0, I1 + I2 ≥ I3) but not a rigid body's
// alone. Such a tensor can be added to a body; one breaking the triangle inequality cannot.
bool physicalInertia(const Mat3& inertia) {
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
  const double tolerance = 1e-9 * moments.cwiseAbs().maxCoeff();
  return inertia.allFinite() && moments.minCoeff() >= -tolerance &&
         moments[0] + moments[1] >= moments[2] - tolerance;
}

bool rigidInertia(const Mat3& inertia) {
  const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
  const double largest = moments.cwiseAbs().maxCoeff();
  return inertia.allFinite() && largest > 0.0 && moments.minCoeff() > 1e-9 * largest &&
         moments[0] + moments[1] > moments[2] * (1.0 + 1e-9);
}

class Converter {
 public:
  Converter(fs::path file, const UrdfOptions& options)
      : file_(std::move(file)), options_(options) {}

  UrdfScene run();

 private:
  [[noreturn]] void fail(int line, const std::string& element, const std::string& message) const {
    std::string text = file_.string();
    if (line > 0) text += ":" + std::to_string(line);
    if (!element.empty()) text += ": " + element;
    throw UrdfError(oneLine(text + ": " + message));
  }
  [[noreturn]] void fail(const xmlNode* node, const std::string& element,
                         const std::string& message) const {
    fail(static_cast<int>(xmlGetLineNo(node)), element, message);
  }

  // Unsupported things are gathered by kind so each kind is one warning line listing its
  // elements, instead of one line per element of a 40-transmission robot.
  void unsupported(const std::string& what, const std::string& name) {
    for (auto& [kind, names] : unsupported_) {
      if (kind == what) {
        names.push_back(name);
        return;
      }
    }
    unsupported_.push_back({what, {name}});
  }

  std::vector<double> numbers(const xmlNode* node, const std::string& element, const char* name,
                              std::size_t count, const std::optional<std::string>& fallback) const;
  double number(const xmlNode* node, const std::string& element, const char* name,
                std::optional<double> fallback) const;
  Vec3 vec3(const xmlNode* node, const std::string& element, const char* name,
            const Vec3& fallback) const;
  Pose origin(const xmlNode* parent, const std::string& element) const;
  Link readLink(const xmlNode* node);
  Joint readJoint(const xmlNode* node);
  Geometry readGeometry(const xmlNode* node, const std::string& element) const;
  fs::path resolveMesh(const xmlNode* node, const std::string& element,
                       const std::string& uri) const;
  TriMesh collisionMesh(const Link& link) const;

  fs::path file_;
  const UrdfOptions& options_;
  std::vector<std::pair<std::string, std::vector<std::string>>> unsupported_;
};

std::vector<double> Converter::numbers(const xmlNode* node, const std::string& element,
                                       const char* name, std::size_t count,
                                       const std::optional<std::string>& fallback) const {
  const std::optional<std::string> text = attribute(node, name);
  if (!text && !fallback) fail(node, element, std::string("attribute '") + name + "' required");
  const std::string& value = text ? *text : *fallback;
  std::vector<double> out;
  std::size_t i = 0;
  while (i < value.size()) {
    if (std::isspace(static_cast<unsigned char>(value[i]))) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < value.size() && !std::isspace(static_cast<unsigned char>(value[end]))) ++end;
    double x = 0.0;
    // from_chars, not strtod: the GUI runs under the user's locale, where "0.5" may not parse.
    const char* first = value.data() + i;
    const char* last = value.data() + end;
    if (*first == '+') ++first;  // from_chars refuses a leading '+', which URDF writers emit
    const auto [ptr, ec] = std::from_chars(first, last, x);
    if (ec != std::errc() || ptr != last || !std::isfinite(x)) {
      fail(node, element,
           std::string("attribute '") + name + "': expected " + std::to_string(count) +
               (count == 1 ? " number" : " numbers") + ", got '" + value + "'");
    }
    out.push_back(x);
    i = end;
  }
  if (out.size() != count) {
    fail(node, element,
         std::string("attribute '") + name + "': expected " + std::to_string(count) +
             (count == 1 ? " number" : " numbers") + ", got '" + value + "'");
  }
  return out;
}

double Converter::number(const xmlNode* node, const std::string& element, const char* name,
                         std::optional<double> fallback) const {
  if (!attribute(node, name) && fallback) return *fallback;
  return numbers(node, element, name, 1, std::nullopt)[0];
}

Vec3 Converter::vec3(const xmlNode* node, const std::string& element, const char* name,
                     const Vec3& fallback) const {
  if (!attribute(node, name)) return fallback;
  const std::vector<double> v = numbers(node, element, name, 3, std::nullopt);
  return {v[0], v[1], v[2]};
}

// URDF's rpy are fixed-axis roll, pitch, yaw: R = Rz(yaw)·Ry(pitch)·Rx(roll).
Mat3 rpyRotation(const Vec3& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Vec3::UnitZ()) * Eigen::AngleAxisd(rpy.y(), Vec3::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Vec3::UnitX()))
      .toRotationMatrix();
}

Pose Converter::origin(const xmlNode* parent, const std::string& element) const {
  Pose pose;
  bool seen = false;
  for (const xmlNode* c = parent->children; c != nullptr; c = c->next) {
    if (!isElement(c, "origin")) continue;
    if (seen) fail(c, element, "more than one <origin>");
    seen = true;
    pose.translation = vec3(c, element + " <origin>", "xyz", Vec3::Zero());
    pose.rotation = rpyRotation(vec3(c, element + " <origin>", "rpy", Vec3::Zero()));
  }
  return pose;
}

fs::path Converter::resolveMesh(const xmlNode* node, const std::string& element,
                                const std::string& uri) const {
  const std::string package_scheme = "package://", file_scheme = "file://";
  fs::path found;
  if (uri.rfind(package_scheme, 0) == 0) {
    // Some exporters write package:///NAME/...; the extra slashes name nothing.
    std::string rest = uri.substr(package_scheme.size());
    rest.erase(0, rest.find_first_not_of('/'));
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos || slash == 0)
      fail(node, element, "mesh '" + uri + "': expected package://PACKAGE/PATH");
    const std::string package = rest.substr(0, slash);
    const fs::path inside = rest.substr(slash + 1);
    std::vector<fs::path> folders = options_.package_paths;
    if (options_.use_ros_package_path) {
      if (const char* ros = std::getenv("ROS_PACKAGE_PATH")) {
        std::stringstream list(ros);
        for (std::string entry; std::getline(list, entry, ':');) {
          if (!entry.empty()) folders.emplace_back(entry);
        }
      }
    }
    // A description checked out on its own (…/PACKAGE/urdf/robot.urdf) finds its meshes
    // without any option: the URDF's own ancestors are searched last.
    std::vector<fs::path> candidates;
    for (const fs::path& folder : folders) {
      candidates.push_back(folder / package / inside);
      if (folder.filename() == package) candidates.push_back(folder / inside);
    }
    for (fs::path a = fs::absolute(file_).parent_path(); !a.empty(); a = a.parent_path()) {
      if (a.filename() == package) candidates.push_back(a / inside);
      if (a == a.parent_path()) break;
    }
    for (const fs::path& candidate : candidates) {
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) {
        found = candidate;
        break;
      }
    }
    if (found.empty()) {
      std::string searched;
      for (const fs::path& folder : folders)
        searched += (searched.empty() ? "" : ", ") + folder.string();
      fail(node, element,
           "mesh '" + uri + "' not found: package '" + package +
               (folders.empty() ? "' is not above the URDF and no --package-path or "
                                  "ROS_PACKAGE_PATH is given"
                                : "' has no such file in --package-path/ROS_PACKAGE_PATH (" +
                                      searched + ") or above the URDF"));
    }
  } else {
    fs::path path;
    if (uri.rfind(file_scheme, 0) == 0) {
      path = uri.substr(file_scheme.size());
    } else if (uri.find("://") != std::string::npos) {
      fail(node, element, "mesh '" + uri + "': only package:// and file:// URIs are supported");
    } else {
      path = uri;
    }
    if (path.is_relative()) path = file_.parent_path() / path;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
      fail(node, element, "mesh file '" + path.string() + "' not found");
    found = path;
  }
  return found;
}

Geometry Converter::readGeometry(const xmlNode* node, const std::string& element) const {
  const xmlNode* shape = nullptr;
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (shape != nullptr) fail(c, element, "<geometry> holds more than one shape");
    shape = c;
  }
  if (shape == nullptr) fail(node, element, "<geometry> is empty");
  Geometry g;
  const std::string kind = elementName(shape);
  const std::string where = element + " <" + kind + ">";
  if (kind == "mesh") {
    const std::optional<std::string> filename = attribute(shape, "filename");
    if (!filename || filename->empty()) fail(shape, where, "attribute 'filename' required");
    g.kind = GeometryKind::Mesh;
    g.filename = *filename;
    g.scale = vec3(shape, where, "scale", Vec3::Ones());
    // A negative factor mirrors the mesh (left and right arms from one file); it is applied
    // when the link's mesh is merged, with the triangles turned so they still face outward.
    if (!(g.scale.cwiseAbs().minCoeff() > 0.0))
      fail(shape, where, "scale: expected non-zero factors");
    g.file = resolveMesh(shape, where, *filename);
  } else if (kind == "box") {
    g.kind = GeometryKind::Box;
    g.size = vec3(shape, where, "size", Vec3::Zero());
    if (!(g.size.minCoeff() > 0.0)) fail(shape, where, "size: expected three positive lengths");
  } else if (kind == "cylinder") {
    g.kind = GeometryKind::Cylinder;
    g.radius = number(shape, where, "radius", std::nullopt);
    g.length = number(shape, where, "length", std::nullopt);
    if (!(g.radius > 0.0 && g.length > 0.0))
      fail(shape, where, "radius and length: expected positive lengths");
  } else if (kind == "sphere") {
    g.kind = GeometryKind::Sphere;
    g.radius = number(shape, where, "radius", std::nullopt);
    if (!(g.radius > 0.0)) fail(shape, where, "radius: expected a positive length");
  } else {
    fail(shape, element, "unknown geometry <" + kind + ">");
  }
  return g;
}

Link Converter::readLink(const xmlNode* node) {
  Link link;
  link.line = static_cast<int>(xmlGetLineNo(node));
  const std::optional<std::string> name = attribute(node, "name");
  if (!name || name->empty()) fail(node, "<link>", "attribute 'name' required");
  link.name = *name;
  const std::string element = "link '" + link.name + "'";
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    const std::string tag = elementName(c);
    if (tag == "inertial") {
      if (link.inertial) fail(c, element, "more than one <inertial>");
      const std::string where = element + " <inertial>";
      Inertial in;
      in.origin = origin(c, where);
      bool mass = false, inertia = false;
      for (const xmlNode* e = c->children; e != nullptr; e = e->next) {
        if (isElement(e, "mass")) {
          in.mass = number(e, where + " <mass>", "value", std::nullopt);
          if (in.mass < 0.0) fail(e, where + " <mass>", "value: expected a mass >= 0");
          mass = true;
        } else if (isElement(e, "inertia")) {
          const std::string at = where + " <inertia>";
          const double ixx = number(e, at, "ixx", std::nullopt);
          const double ixy = number(e, at, "ixy", std::nullopt);
          const double ixz = number(e, at, "ixz", std::nullopt);
          const double iyy = number(e, at, "iyy", std::nullopt);
          const double iyz = number(e, at, "iyz", std::nullopt);
          const double izz = number(e, at, "izz", std::nullopt);
          // URDF's ixy, ixz, iyz are the tensor's off-diagonal entries, as in the scene format.
          in.inertia << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
          inertia = true;
        }
      }
      if (!mass) fail(c, where, "<mass> required");
      if (!inertia) fail(c, where, "<inertia> required");
      link.inertial = in;
    } else if (tag == "collision") {
      const std::string where =
          element + " <collision>[" + std::to_string(link.collisions.size()) + "]";
      Collision col;
      col.line = static_cast<int>(xmlGetLineNo(c));
      col.origin = origin(c, where);
      const xmlNode* geometry = nullptr;
      for (const xmlNode* e = c->children; e != nullptr; e = e->next) {
        if (isElement(e, "geometry")) geometry = e;
      }
      if (geometry == nullptr) fail(c, where, "<geometry> required");
      col.geometry = readGeometry(geometry, where);
      link.collisions.push_back(col);
    } else if (tag == "visual") {
      // Visual meshes do not take part in the dynamics; the scene draws the collision mesh.
    } else {
      unsupported("<" + tag + "> in links not supported, left out", link.name);
    }
  }
  return link;
}

Joint Converter::readJoint(const xmlNode* node) {
  Joint joint;
  joint.line = static_cast<int>(xmlGetLineNo(node));
  const std::optional<std::string> name = attribute(node, "name");
  if (!name || name->empty()) fail(node, "<joint>", "attribute 'name' required");
  joint.name = *name;
  const std::string element = "joint '" + joint.name + "'";
  const std::optional<std::string> type = attribute(node, "type");
  if (!type) fail(node, element, "attribute 'type' required");
  joint.type = *type;
  static const std::set<std::string> types = {"fixed",     "revolute", "continuous",
                                              "prismatic", "floating", "planar"};
  if (!types.count(joint.type))
    fail(node, element,
         "unknown type '" + joint.type +
             "' (expected fixed, revolute, continuous, prismatic, floating or planar)");
  joint.origin = origin(node, element);
  for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    const std::string tag = elementName(c);
    if (tag == "origin") continue;
    if (tag == "parent" || tag == "child") {
      const std::optional<std::string> link = attribute(c, "link");
      if (!link || link->empty()) fail(c, element + " <" + tag + ">", "attribute 'link' required");
      (tag == "parent" ? joint.parent : joint.child) = *link;
    } else if (tag == "axis") {
      joint.axis = vec3(c, element + " <axis>", "xyz", Vec3::UnitX());
      // Fixed and floating joints have no axis; exporters leave "0 0 0" there, which ROS
      // tools accept.
      const bool uses_axis = joint.type != "fixed" && joint.type != "floating";
      if (uses_axis && !(joint.axis.norm() > 0.0))
        fail(c, element + " <axis>", "xyz: expected a non-zero axis");
      if (uses_axis) joint.axis.normalize();
    } else if (tag == "limit") {
      const std::string where = element + " <limit>";
      Limit limit;
      limit.lower = number(c, where, "lower", 0.0);
      limit.upper = number(c, where, "upper", 0.0);
      // URDF requires effort and velocity; a missing one is read as "no limit given" (0).
      limit.effort = number(c, where, "effort", 0.0);
      limit.velocity = number(c, where, "velocity", 0.0);
      if (limit.effort < 0.0 || limit.velocity < 0.0)
        fail(c, where, "effort and velocity: expected values >= 0");
      joint.limit = limit;
    } else if (tag == "dynamics") {
      unsupported("<dynamics> (joint damping and friction) not supported, left out", joint.name);
    } else if (tag == "mimic") {
      unsupported("<mimic> not supported (the joints move on their own)", joint.name);
    } else if (tag == "safety_controller" || tag == "calibration") {
      unsupported("<" + tag + "> not supported, left out", joint.name);
    } else {
      unsupported("<" + tag + "> in joints not supported, left out", joint.name);
    }
  }
  if (joint.parent.empty()) fail(node, element, "<parent link=...> required");
  if (joint.child.empty()) fail(node, element, "<child link=...> required");
  if (joint.parent == joint.child)
    fail(node, element, "parent and child are the same link '" + joint.parent + "'");
  return joint;
}

// One link's collision elements as a single mesh in the link frame: used when the scene's
// one-mesh-file-per-body cannot refer to the file as it is.
TriMesh Converter::collisionMesh(const Link& link) const {
  std::vector<Vec3> vertices;
  std::vector<TriangleIndices> triangles;
  for (std::size_t k = 0; k < link.collisions.size(); ++k) {
    const Collision& col = link.collisions[k];
    const Geometry& g = col.geometry;
    TriMesh mesh;
    switch (g.kind) {
      case GeometryKind::Mesh:
        try {
          mesh = importMesh(g.file).mesh;
        } catch (const std::exception& e) {
          fail(col.line, "link '" + link.name + "' <collision>[" + std::to_string(k) + "]",
               e.what());
        }
        break;
      case GeometryKind::Box:
        mesh = makeBox(g.size / 2.0, 1);
        break;
      // 48 sides: a chordal error of 0.2 % of the radius.
      case GeometryKind::Cylinder:
        mesh = makeCylinder(g.radius, g.length, 48, 1);
        break;
      case GeometryKind::Sphere:
        mesh = makeIcosphere(g.radius, 3);
        break;
    }
    const auto base = static_cast<std::int32_t>(vertices.size());
    for (const Vec3& v : mesh.vertices())
      vertices.push_back(col.origin.apply(g.scale.cwiseProduct(v)));
    const bool mirrored = g.scale.prod() < 0.0;
    for (const TriangleIndices& t : mesh.triangles()) {
      if (mirrored) {
        triangles.push_back({t[0] + base, t[2] + base, t[1] + base});
      } else {
        triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
      }
    }
  }
  return TriMesh(std::move(vertices), std::move(triangles));
}

json toJson(const Vec3& v) { return json::array({v.x(), v.y(), v.z()}); }

std::string safeFileName(const std::string& name) {
  std::string out;
  for (char c : name) {
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  }
  return out.empty() ? "link" : out;
}

UrdfScene Converter::run() {
  std::ifstream in(file_, std::ios::binary);
  if (!in) fail(0, "", "cannot open the file");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty()) fail(0, "", "the file is empty");

  std::unique_ptr<xmlParserCtxt, XmlContextDeleter> context(xmlNewParserCtxt());
  if (!context) fail(0, "", "cannot create an XML parser");
  // NONET: a URDF never needs the network; no NOENT/DTDLOAD, so entities are not expanded.
  std::unique_ptr<xmlDoc, XmlDocDeleter> doc(xmlCtxtReadMemory(
      context.get(), text.data(), static_cast<int>(text.size()), file_.string().c_str(), nullptr,
      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
  if (!doc) {
    const xmlError* error = xmlCtxtGetLastError(context.get());
    fail(error != nullptr ? error->line : 0, "",
         std::string("malformed XML: ") +
             (error != nullptr && error->message != nullptr ? error->message : "unreadable"));
  }
  const xmlNode* robot = xmlDocGetRootElement(doc.get());
  if (robot == nullptr) fail(0, "", "malformed XML: no root element");
  if (robot->ns != nullptr && robot->ns->prefix != nullptr &&
      std::string(reinterpret_cast<const char*>(robot->ns->prefix)) == "xacro") {
    fail(robot, "", "a xacro file: expand it first (xacro FILE > robot.urdf)");
  }
  if (elementName(robot) != "robot")
    fail(robot, "<" + elementName(robot) + ">", "expected the root element <robot>");

  std::vector<Link> links;
  std::vector<Joint> joints;
  std::map<std::string, std::size_t> link_index, joint_index;
  for (const xmlNode* c = robot->children; c != nullptr; c = c->next) {
    if (c->type != XML_ELEMENT_NODE) continue;
    if (c->ns != nullptr && c->ns->prefix != nullptr &&
        std::string(reinterpret_cast<const char*>(c->ns->prefix)) == "xacro") {
      fail(c, "<xacro:" + elementName(c) + ">",
           "a xacro file: expand it first (xacro FILE > robot.urdf)");
    }
    const std::string tag = elementName(c);
    if (tag == "link") {
      Link link = readLink(c);
      if (!link_index.emplace(link.name, links.size()).second)
        fail(c, "link '" + link.name + "'", "defined twice");
      links.push_back(std::move(link));
    } else if (tag == "joint") {
      Joint joint = readJoint(c);
      if (!joint_index.emplace(joint.name, joints.size()).second)
        fail(c, "joint '" + joint.name + "'", "defined twice");
      joints.push_back(std::move(joint));
    } else if (tag == "material") {
      // Colours only.
    } else {
      unsupported("<" + tag + "> not supported, left out",
                  attribute(c, "name").value_or(attribute(c, "reference").value_or("unnamed")));
    }
  }
  if (links.empty()) fail(robot, "<robot>", "no <link>");

  // The tree: every link has at most one parent joint, exactly one link has none, and all links
  // hang from it.
  std::vector<int> parent_joint(links.size(), -1);
  std::vector<std::vector<std::size_t>> child_joints(links.size());
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const Joint& joint = joints[j];
    const std::string element = "joint '" + joint.name + "'";
    if (!link_index.count(joint.parent))
      fail(joint.line, element, "parent link '" + joint.parent + "' not defined");
    if (!link_index.count(joint.child))
      fail(joint.line, element, "child link '" + joint.child + "' not defined");
    const std::size_t child = link_index[joint.child];
    if (parent_joint[child] >= 0) {
      fail(joint.line, element,
           "link '" + joint.child + "' is already the child of joint '" +
               joints[parent_joint[child]].name + "' (a link has one parent)");
    }
    parent_joint[child] = static_cast<int>(j);
    child_joints[link_index[joint.parent]].push_back(j);
  }
  std::vector<std::size_t> roots;
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (parent_joint[l] < 0) roots.push_back(l);
  }
  if (roots.size() > 1) {
    fail(links[roots[1]].line, "link '" + links[roots[1]].name + "'",
         "a second root: neither it nor link '" + links[roots[0]].name +
             "' is the child of a joint (a robot has one root)");
  }
  // Breadth first from the root: link poses in the world at joint positions zero.
  std::vector<Pose> world(links.size());
  std::vector<bool> reached(links.size(), false);
  std::vector<std::size_t> order;
  if (!roots.empty()) {
    order.push_back(roots[0]);
    reached[roots[0]] = true;
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (std::size_t j : child_joints[order[k]]) {
      const std::size_t child = link_index[joints[j].child];
      world[child] = world[order[k]] * joints[j].origin;
      reached[child] = true;
      order.push_back(child);
    }
  }
  for (std::size_t l = 0; l < links.size(); ++l) {
    if (reached[l]) continue;
    // Every unreached link has a parent, so following parents must come round: name the loop.
    std::vector<std::size_t> path;
    std::size_t at = l;
    while (std::find(path.begin(), path.end(), at) == path.end()) {
      path.push_back(at);
      at = link_index[joints[parent_joint[at]].parent];
    }
    std::string loop;
    for (auto it = std::find(path.begin(), path.end(), at); it != path.end(); ++it)
      loop += "'" + joints[parent_joint[*it]].name + "' ";
    fail(joints[parent_joint[at]].line, "joint '" + joints[parent_joint[at]].name + "'",
         "the joints " + loop + "form a cycle (URDF links form a tree)");
  }

  // Which links are bodies. The scene's "world" is the ground: a root link called "world" is it,
  // and with a fixed base so is the root. Links welded to the ground by fixed joints become fixed
  // bodies when they have collision geometry, and are left out (pure frames) otherwise.
  const std::size_t root = order[0];
  const bool world_root = links[root].name == "world";
  enum class Role { Ground, FixedBody, Body, Frame, Lumped };
  std::vector<Role> role(links.size(), Role::Body);
  std::vector<std::string> frames, lumped;
  for (std::size_t l : order) {
    const Link& link = links[l];
    const int pj = parent_joint[l];
    const bool has_mass = link.inertial && link.inertial->mass > 0.0;
    if (l != root && link.name == "world") {
      fail(link.line, "link 'world'", "only the root link may be called 'world' (the ground)");
    }
    bool grounded = false;
    if (l == root) {
      grounded = world_root || options_.fixed_base;
    } else {
      const std::size_t parent = link_index[joints[pj].parent];
      grounded = joints[pj].type == "fixed" &&
                 (role[parent] == Role::Ground || role[parent] == Role::FixedBody);
    }
    if (world_root && l == root) {
      role[l] = Role::Ground;
    } else if (grounded) {
      role[l] = link.collisions.empty() ? Role::Ground : Role::FixedBody;
    } else if (has_mass && pj >= 0 && joints[pj].type == "fixed" &&
               !rigidInertia(link.inertial->inertia) && physicalInertia(link.inertial->inertia)) {
      // Sensor frames and contact points often carry a point mass with a zero tensor, which no
      // body can have alone; welded to a body, their mass belongs to it (exactly: the composite
      // of two rigidly joined bodies).
      role[l] = Role::Lumped;
      lumped.push_back(link.name + (link.collisions.empty() ? "" : " (its <collision> left out)"));
    } else if (has_mass) {
      role[l] = Role::Body;
    } else if (pj >= 0 && joints[pj].type == "fixed") {
      role[l] = Role::Frame;
      frames.push_back(link.name + (link.collisions.empty() ? "" : " (its <collision> too)"));
    } else {
      fail(link.line, "link '" + link.name + "'",
           std::string("no <inertial> with a positive mass, but it moves") +
               (pj >= 0 ? " (joint '" + joints[pj].name + "' is " + joints[pj].type + ")"
                        : " (the root, free with --floating-base)"));
    }
  }
  if (!frames.empty()) {
    unsupported_.push_back(
        {"links without <inertial> on fixed joints are frames, left out of the scene", frames});
  }
  if (!lumped.empty()) {
    unsupported_.push_back(
        {"links on fixed joints whose inertia is not a rigid body's alone, "
         "their mass and inertia added to the body they are welded to",
         lumped});
  }
  // The link whose body a frame or lumped link rides on: its nearest body ancestor.
  std::function<std::size_t(std::size_t)> carrier = [&](std::size_t l) -> std::size_t {
    if (role[l] != Role::Frame && role[l] != Role::Lumped) return l;
    return carrier(link_index[joints[parent_joint[l]].parent]);
  };
  // Mass properties of each body in its link frame (about the centre of mass), with the lumped
  // links added by the parallel-axis theorem.
  struct Lump {
    double mass = 0.0;
    Vec3 com = Vec3::Zero();
    Mat3 inertia = Mat3::Zero();
  };
  std::vector<Lump> lumps(links.size());
  const auto shifted = [](const Mat3& inertia, double mass, const Vec3& d) -> Mat3 {
    return inertia + mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  };
  for (std::size_t l : order) {
    if (role[l] != Role::Body && role[l] != Role::Lumped) continue;
    const Inertial& in = *links[l].inertial;
    const std::size_t b = carrier(l);
    // This link's inertial seen from the carrier's link frame.
    const Pose at = world[b].inverse() * world[l] * in.origin;
    const Vec3 com = at.translation;
    const Mat3 inertia = at.rotation * in.inertia * at.rotation.transpose();
    Lump& sum = lumps[b];
    const double mass = sum.mass + in.mass;
    const Vec3 centre = (sum.mass * sum.com + in.mass * com) / mass;
    sum.inertia =
        shifted(sum.inertia, sum.mass, sum.com - centre) + shifted(inertia, in.mass, com - centre);
    sum.com = centre;
    sum.mass = mass;
  }
  // The scene body a link's motion is that of: frames ride on their nearest body ancestor.
  std::function<std::string(std::size_t)> bodyOf = [&](std::size_t l) -> std::string {
    switch (role[l]) {
      case Role::Ground:
        return "world";
      case Role::Frame:
      case Role::Lumped:
        return bodyOf(link_index[joints[parent_joint[l]].parent]);
      default:
        return links[l].name;
    }
  };

  const auto meshPath = [&](const fs::path& path) {
    const fs::path absolute = fs::absolute(path).lexically_normal();
    if (options_.relative_to.empty()) return absolute.string();
    return absolute.lexically_proximate(fs::absolute(options_.relative_to)).string();
  };

  json bodies = json::array();
  std::set<std::string> mesh_files;
  for (std::size_t l : order) {
    if (role[l] != Role::Body && role[l] != Role::FixedBody) continue;
    const Link& link = links[l];
    const std::string element = "link '" + link.name + "'";
    json body = {{"name", link.name}};
    if (role[l] == Role::FixedBody) body["fixed"] = true;
    // The body frame is the link frame, except that a single mesh with a uniform scale is
    // referred to as it is, so the body frame is then that collision's origin.
    Pose in_link;
    if (!link.collisions.empty()) {
      const Collision& first = link.collisions.front();
      const Vec3& s = first.geometry.scale;
      const bool as_is = link.collisions.size() == 1 && first.geometry.kind == GeometryKind::Mesh &&
                         s.x() == s.y() && s.y() == s.z() && s.x() > 0.0;
      if (as_is) {
        in_link = first.origin;
        body["mesh"] = {{"file", meshPath(first.geometry.file)}};
        if (s.x() != 1.0) body["mesh"]["scale"] = s.x();
      } else {
        fs::path dir = options_.generated_mesh_dir;
        if (dir.empty()) {
          dir = fs::temp_directory_path() / ("contactsim-urdf-" + std::to_string(getpid()));
        }
        std::error_code ec;
        fs::create_directories(dir, ec);
        if (ec) fail(link.line, element, "cannot create the mesh folder " + dir.string());
        // Link names differing only in characters a file name cannot hold get a suffix.
        std::string stem = safeFileName(link.name);
        for (int k = 2; !mesh_files.insert(stem).second; ++k) {
          stem = safeFileName(link.name) + "_" + std::to_string(k);
        }
        const fs::path out = dir / (stem + ".stl");
        try {
          writeBinaryStl(out, collisionMesh(link));
        } catch (const UrdfError&) {
          throw;
        } catch (const std::exception& e) {
          fail(link.line, element, e.what());
        }
        body["mesh"] = {{"file", meshPath(out)}};
      }
    }
    const Pose pose = world[l] * in_link;
    body["position"] = toJson(pose.translation);
    const Eigen::Quaterniond q(pose.rotation);
    body["orientation"] = json::array({q.w(), q.x(), q.y(), q.z()});
    if (role[l] == Role::Body) {
      const Lump& lump = lumps[l];
      // Into the body frame: the centre of mass through the inverse pose, the tensor (in link
      // axes) by Rᵀ·I·R with R the body axes seen from the link.
      const Vec3 com = in_link.inverse().apply(lump.com);
      Mat3 inertia = in_link.rotation.transpose() * lump.inertia * in_link.rotation;
      inertia = 0.5 * (inertia + inertia.transpose());
      if (!rigidInertia(inertia)) {
        const Eigen::Vector3d moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues();
        std::ostringstream message;
        message << "<inertia>: principal moments " << moments[0] << ", " << moments[1] << ", "
                << moments[2] << " are not a rigid body's (expected positive with I1 + I2 > I3)";
        fail(link.line, element, message.str());
      }
      body["mass"] = lump.mass;
      body["center_of_mass"] = toJson(com);
      body["inertia"] = json::array({inertia(0, 0), inertia(1, 1), inertia(2, 2), inertia(0, 1),
                                     inertia(0, 2), inertia(1, 2)});
    }
    bodies.push_back(body);
  }

  json scene_joints = json::array();
  std::vector<std::string> limits_dropped;
  for (std::size_t l : order) {
    const int pj = parent_joint[l];
    if (pj < 0) continue;
    const Joint& joint = joints[pj];
    if (role[l] != Role::Body) continue;
    if (joint.type == "floating" || joint.type == "planar") {
      unsupported(
          "joint type '" + joint.type + "' not supported (no joint: its child moves freely)",
          joint.name);
      continue;
    }
    const std::string a = bodyOf(link_index[joint.parent]);
    const Pose& frame = world[l];
    json j = {{"name", joint.name}, {"body_a", a}, {"body_b", links[l].name}};
    j["point"] = toJson(frame.translation);
    if (joint.type == "fixed") {
      j["type"] = "fixed";
      scene_joints.push_back(j);
      continue;
    }
    const bool revolute = joint.type != "prismatic";
    j["type"] = revolute ? "revolute" : "prismatic";
    // The axis is given in the joint frame, which is the child link's frame.
    j["axis"] = toJson(frame.rotation * joint.axis);
    if (joint.limit && joint.type != "continuous") {
      const Limit& lim = *joint.limit;
      if (!(lim.lower < lim.upper)) {
        // lower = upper (often both left at 0) bounds nothing a stop could hold.
      } else if (lim.lower > 0.0 || lim.upper < 0.0) {
        limits_dropped.push_back(joint.name + " (zero pose outside [lower, upper])");
      } else if (!(lim.effort > 0.0)) {
        limits_dropped.push_back(joint.name + " (effort 0: no stop stiffness)");
      } else {
        const double deflection =
            revolute ? options_.stop_deflection_revolute : options_.stop_deflection_prismatic;
        j["limits"] = {
            {"lower", lim.lower},
            {"upper", lim.upper},
            {"stiffness", lim.effort / deflection},
            {"damping",
             lim.velocity > 0.0 ? options_.stop_damping_times_velocity / lim.velocity : 0.0}};
      }
    }
    if (options_.hold_pose && joint.limit && joint.limit->effort > 0.0) {
      const double kp = joint.limit->effort / options_.hold_deflection;
      j["drive"] = {{"type", "motor"},
                    {"position", 0.0},
                    {"stiffness", kp},
                    {"damping", options_.hold_time * kp},
                    {revolute ? "max_torque" : "max_force", joint.limit->effort}};
    }
    scene_joints.push_back(j);
  }
  if (!limits_dropped.empty()) {
    unsupported_.push_back({"<limit> not mapped to a stop", limits_dropped});
  }

  UrdfScene out;
  out.robot_name = attribute(robot, "name").value_or("");
  out.scene = {{"format", "contactsim-scene"},
               {"version", 1},
               {"gravity", json::array({0.0, 0.0, -9.81})},
               {"bodies", bodies},
               {"joints", scene_joints}};
  for (const auto& [what, names] : unsupported_) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    out.warnings.push_back(oneLine(file_.string() + ": " + what + ": " + list));
  }
  return out;
}

}  // namespace

UrdfScene convertUrdf(const std::filesystem::path& file, const UrdfOptions& options) {
  return Converter(file, options).run();
}

bool isUrdfFile(const std::filesystem::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".urdf";
}

}  // namespace contactsim

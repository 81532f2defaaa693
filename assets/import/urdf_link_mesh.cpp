#include "import/urdf_link_mesh.h"

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <sstream>

#include "geometry/primitives.h"
#include "import/mesh_export.h"
#include "import/mesh_import.h"
#include "import/urdf_import.h"

namespace contactsim::urdf {

namespace fs = std::filesystem;

namespace {

// One link's collision elements as a single mesh in the link frame: used when the scene's
// one-mesh-file-per-body cannot refer to the file as it is.
TriMesh collisionMesh(const Link& link, const UrdfReport& report) {
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
          report.fail(col.line, "link '" + link.name + "' <collision>[" + std::to_string(k) + "]",
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

std::string safeFileName(const std::string& name) {
  std::string out;
  for (char c : name) {
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
  }
  return out.empty() ? "link" : out;
}

}  // namespace

fs::path resolveMeshFile(const std::string& uri, int line, const std::string& element,
                         const UrdfOptions& options, const UrdfReport& report) {
  const std::string package_scheme = "package://", file_scheme = "file://";
  fs::path found;
  if (uri.rfind(package_scheme, 0) == 0) {
    // Some exporters write package:///NAME/...; the extra slashes name nothing.
    std::string rest = uri.substr(package_scheme.size());
    rest.erase(0, rest.find_first_not_of('/'));
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos || slash == 0)
      report.fail(line, element, "mesh '" + uri + "': expected package://PACKAGE/PATH");
    const std::string package = rest.substr(0, slash);
    const fs::path inside = rest.substr(slash + 1);
    std::vector<fs::path> folders = options.package_paths;
    if (options.use_ros_package_path) {
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
    for (fs::path a = fs::absolute(report.file()).parent_path(); !a.empty(); a = a.parent_path()) {
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
      report.fail(line, element,
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
      report.fail(line, element,
                  "mesh '" + uri + "': only package:// and file:// URIs are supported");
    } else {
      path = uri;
    }
    if (path.is_relative()) path = report.file().parent_path() / path;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
      report.fail(line, element, "mesh file '" + path.string() + "' not found");
    found = path;
  }
  return found;
}

BodyMeshes::BodyMeshes(const UrdfOptions& options, const UrdfReport& report)
    : options_(options), report_(report) {}

std::string BodyMeshes::meshPath(const fs::path& path) const {
  const fs::path absolute = fs::absolute(path).lexically_normal();
  if (options_.relative_to.empty()) return absolute.string();
  return absolute.lexically_proximate(fs::absolute(options_.relative_to)).string();
}

BodyMesh BodyMeshes::of(const Link& link) {
  BodyMesh body;
  if (link.collisions.empty()) return body;
  const Collision& first = link.collisions.front();
  const Vec3& s = first.geometry.scale;
  const bool as_is = link.collisions.size() == 1 && first.geometry.kind == GeometryKind::Mesh &&
                     s.x() == s.y() && s.y() == s.z() && s.x() > 0.0;
  if (as_is) {
    body.in_link = first.origin;
    body.mesh = {{"file", meshPath(first.geometry.file)}};
    if (s.x() != 1.0) body.mesh["scale"] = s.x();
    return body;
  }
  const std::string element = "link '" + link.name + "'";
  fs::path dir = options_.generated_mesh_dir;
  if (dir.empty()) {
    dir = fs::temp_directory_path() / ("contactsim-urdf-" + std::to_string(getpid()));
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) report_.fail(link.line, element, "cannot create the mesh folder " + dir.string());
  // Link names differing only in characters a file name cannot hold get a suffix.
  std::string stem = safeFileName(link.name);
  for (int k = 2; !stems_.insert(stem).second; ++k) {
    stem = safeFileName(link.name) + "_" + std::to_string(k);
  }
  const fs::path file = dir / (stem + ".stl");
  try {
    writeBinaryStl(file, collisionMesh(link, report_));
  } catch (const UrdfError&) {
    throw;
  } catch (const std::exception& e) {
    report_.fail(link.line, element, e.what());
  }
  body.mesh = {{"file", meshPath(file)}};
  return body;
}

}  // namespace contactsim::urdf

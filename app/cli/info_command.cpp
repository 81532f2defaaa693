// `contactsim-cli info MESH [--units U] [--object NAME] [--json]`: validation report and mass
// properties, of the whole file or of one of its objects, and the list of the file's objects.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/options.h"
#include "cli/urdf_scene.h"
#include "geometry/mass_properties.h"
#include "geometry/shell_mass_properties.h"
#include "import/mesh_import.h"
#include "import/scene_mesh_import.h"
#include "import/urdf_import.h"

namespace contactsim::cli {
namespace {

struct InfoArguments {
  std::string mesh;
  std::string units = "m";
  bool json = false;
  std::optional<double> shell_thickness;  // m, in the file's --units
  std::string object;                     // one object of an assembly; empty: all merged
  UrdfArguments urdf;
};

nlohmann::json toJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json toJson(const Mat3& m) {
  return {{m(0, 0), m(0, 1), m(0, 2)}, {m(1, 0), m(1, 1), m(1, 2)}, {m(2, 0), m(2, 1), m(2, 2)}};
}

const char* jointTypeName(JointType type) {
  switch (type) {
    case JointType::Revolute:
      return "revolute";
    case JointType::Spherical:
      return "spherical";
    case JointType::Fixed:
      return "fixed";
    case JointType::Prismatic:
      return "prismatic";
  }
  return "?";
}

// A URDF's info is the scene it becomes: its bodies (mass, mesh) and joints (world point and
// axis at t = 0, limits), what a user checks before running it.
void runUrdfInfo(const InfoArguments& args) {
  const Scene scene = readSceneOrUrdf(args.mesh, args.urdf, sceneMeshLoader());
  nlohmann::json bodies = nlohmann::json::array(), joints = nlohmann::json::array();
  for (const SceneBody& b : scene.bodies) {
    bodies.push_back({{"name", b.name},
                      {"fixed", b.fixed},
                      {"mass", b.fixed ? 0.0 : b.mass.mass},
                      {"mesh", b.mesh ? b.mesh->file.string() : ""},
                      {"triangles", b.mesh ? b.mesh->mesh->triangleCount() : 0},
                      {"position", toJson(b.pose.translation)}});
  }
  for (const SceneJoint& j : scene.joints) {
    nlohmann::json joint = {{"name", j.name},           {"type", jointTypeName(j.type)},
                            {"body_a", j.body_a},       {"body_b", j.body_b},
                            {"point", toJson(j.point)}, {"axis", toJson(j.axis)}};
    if (j.limits) joint["limits"] = {j.limits->lower, j.limits->upper};
    joints.push_back(joint);
  }
  if (args.json) {
    std::cout << nlohmann::json{{"file", args.mesh},
                                {"bodies", bodies},
                                {"joints", joints},
                                {"warnings", scene.warnings}}
                     .dump(2)
              << '\n';
    return;
  }
  std::printf("file     %s\nbodies   %zu\n", args.mesh.c_str(), scene.bodies.size());
  for (const nlohmann::json& b : bodies) {
    std::printf("  %-24s %s  mass %.6g kg  %s (%zu triangles)\n",
                b["name"].get<std::string>().c_str(), b["fixed"].get<bool>() ? "fixed " : "moving",
                b["mass"].get<double>(), b["mesh"].get<std::string>().c_str(),
                b["triangles"].get<std::size_t>());
  }
  std::printf("joints   %zu\n", scene.joints.size());
  for (const SceneJoint& j : scene.joints) {
    std::printf("  %-24s %-9s %s -> %s  point [%.6g %.6g %.6g]  axis [%.6g %.6g %.6g]",
                j.name.c_str(), jointTypeName(j.type), j.body_a.c_str(), j.body_b.c_str(),
                j.point.x(), j.point.y(), j.point.z(), j.axis.x(), j.axis.y(), j.axis.z());
    if (j.limits) std::printf("  limits [%.6g, %.6g]", j.limits->lower, j.limits->upper);
    std::printf("\n");
  }
  for (const std::string& w : scene.warnings) std::printf("warning: %s\n", w.c_str());
}

void runInfo(const InfoArguments& args) {
  if (isUrdfFile(args.mesh)) return runUrdfInfo(args);
  ImportOptions options;
  options.units = parseUnits(args.units, "--units");
  options.object = args.object;
  const MeshFile file(args.mesh, options);
  const ImportedMesh imported = file.mesh(options);
  // The file's objects, so that an assembly's parts can be named in a scene (mesh.object).
  nlohmann::json objects = nlohmann::json::array();
  for (const MeshObject& o : file.objects())
    objects.push_back({{"name", o.name}, {"triangles", o.triangles}});
  const TriMesh& mesh = imported.mesh;
  // Unit density, as the contract asks: the inertia is then the volume's second moment.
  const MassProperties props = computeMassProperties(mesh, 1.0);

  const double area = surfaceArea(mesh);
  nlohmann::json out = {
      {"file", args.mesh},
      {"object", args.object.empty() ? nlohmann::json(nullptr) : nlohmann::json(args.object)},
      {"objects", objects},
      {"triangles", mesh.triangleCount()},
      {"vertices", mesh.vertexCount()},
      {"source_meshes", imported.source_meshes},
      {"collapsed_triangles", imported.weld.collapsed_triangles},
      {"degenerate_triangles", mesh.degenerateTriangleCount()},
      {"bbox_min", toJson(mesh.bounds().min())},
      {"bbox_max", toJson(mesh.bounds().max())},
      {"watertight", mesh.watertight()},
      {"boundary_edges", mesh.boundaryEdgeCount()},
      {"nonmanifold_edges", mesh.nonManifoldEdgeCount()},
      {"consistently_oriented", mesh.consistentlyOriented()},
      {"volume", props.volume},
      {"centroid", toJson(props.centroid)},
      {"inertia", toJson(props.inertia)},
      {"mass_method", toString(props.method)},
      {"surface_area", area},
      {"warnings", props.warnings},
  };
  // The shell model beside the enclosed volume, so that a user sees how far apart they are
  // before choosing one for a scene (mesh.shell_thickness).
  std::optional<MassProperties> shell;
  double t = 0.0;
  std::optional<double> ratio;  // shell volume over the enclosed (or capped) volume
  if (args.shell_thickness) {
    t = *args.shell_thickness * metresPer(options.units);
    if (!(t > 0.0) || !std::isfinite(t))
      throw std::runtime_error("--shell-thickness: expected a positive length");
    shell = computeShellMassProperties(mesh, 1.0, t);
    if (props.volume > 0.0) ratio = shell->volume / props.volume;
    out["shell"] = {{"thickness", t},
                    {"volume", shell->volume},
                    {"centroid", toJson(shell->centroid)},
                    {"inertia", toJson(shell->inertia)},
                    {"warnings", shell->warnings},
                    {"volume_ratio_to_enclosed", ratio ? nlohmann::json(*ratio) : nullptr}};
  }
  if (args.json) {
    std::cout << out.dump(2) << '\n';
    return;
  }
  const Vec3 lo = mesh.bounds().min(), hi = mesh.bounds().max();
  std::printf("file                   %s\n", args.mesh.c_str());
  std::string names;
  for (const auto& o : objects)
    names += (names.empty() ? "" : ", ") + o["name"].get<std::string>() + " (" +
             std::to_string(o["triangles"].get<std::size_t>()) + " triangles)";
  const std::string reported = !args.object.empty() ? "; below: " + args.object
                               : objects.size() > 1 ? "; below: all merged"
                                                    : "";
  std::printf("objects                %zu: %s%s\n", objects.size(), names.c_str(),
              reported.c_str());
  std::printf("triangles              %zu (%zu collapsed by welding, %zu degenerate)\n",
              mesh.triangleCount(), imported.weld.collapsed_triangles,
              mesh.degenerateTriangleCount());
  std::printf("vertices               %zu (from %zu before welding)\n", mesh.vertexCount(),
              imported.weld.input_vertices);
  std::printf("bounding box [m]       [%.6g, %.6g, %.6g] .. [%.6g, %.6g, %.6g]\n", lo.x(), lo.y(),
              lo.z(), hi.x(), hi.y(), hi.z());
  std::printf("watertight             %s (%zu boundary, %zu non-manifold edges)\n",
              mesh.watertight() ? "yes" : "no", mesh.boundaryEdgeCount(),
              mesh.nonManifoldEdgeCount());
  std::printf("consistently oriented  %s\n", mesh.consistentlyOriented() ? "yes" : "no");
  std::printf("volume [m^3]           %.9g  (%s)\n", props.volume, toString(props.method));
  std::printf("centroid [m]           %.9g %.9g %.9g\n", props.centroid.x(), props.centroid.y(),
              props.centroid.z());
  std::printf("inertia at 1 kg/m^3    [%.6g %.6g %.6g; %.6g %.6g %.6g; %.6g %.6g %.6g] kg m^2\n",
              props.inertia(0, 0), props.inertia(0, 1), props.inertia(0, 2), props.inertia(1, 0),
              props.inertia(1, 1), props.inertia(1, 2), props.inertia(2, 0), props.inertia(2, 1),
              props.inertia(2, 2));
  std::printf("surface area [m^2]     %.9g\n", area);
  if (shell) {
    std::printf("shell volume [m^3]     %.9g  (t = %.6g m; %.3g x the %s volume)\n", shell->volume,
                t, ratio.value_or(0.0), props.exact() ? "enclosed" : "capped");
    std::printf("shell centroid [m]     %.9g %.9g %.9g\n", shell->centroid.x(), shell->centroid.y(),
                shell->centroid.z());
    const Mat3& I = shell->inertia;
    std::printf("shell inertia, 1 kg/m^3 [%.6g %.6g %.6g; %.6g %.6g %.6g; %.6g %.6g %.6g] kg m^2\n",
                I(0, 0), I(0, 1), I(0, 2), I(1, 0), I(1, 1), I(1, 2), I(2, 0), I(2, 1), I(2, 2));
    for (const std::string& warning : shell->warnings)
      std::printf("note: shell: %s\n", warning.c_str());
  }
  for (const std::string& warning : props.warnings) std::printf("warning: %s\n", warning.c_str());
}

}  // namespace

void addInfoCommand(CLI::App& app) {
  auto args = std::make_shared<InfoArguments>();
  CLI::App* info = app.add_subcommand("info", "Mesh validation report and mass properties");
  info->add_option("MESH", args->mesh, "Mesh file (STL, OBJ, PLY, glTF, OFF, ...) or .urdf")
      ->required();
  addUrdfOptions(*info, args->urdf);
  info->add_option("--units", args->units, "Length unit of the file: m, cm, mm, in");
  info->add_flag("--json", args->json, "Print one JSON object");
  info->add_option("--object", args->object,
                   "Report on one object of a file holding several (an assembly), by the name "
                   "listed under objects; default: all of them merged");
  info->add_option("--shell-thickness", args->shell_thickness,
                   "Also the mass properties of the surface as a sheet of this thickness (in "
                   "--units), for open or multi-shell meshes");
  info->callback([args] { runInfo(*args); });
}

}  // namespace contactsim::cli

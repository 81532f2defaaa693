// `contactsim-cli info MESH [--units U] [--json]`: validation report and mass properties.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "geometry/mass_properties.h"
#include "import/mesh_import.h"

namespace contactsim::cli {
namespace {

struct InfoArguments {
  std::string mesh;
  std::string units = "m";
  bool json = false;
};

nlohmann::json toJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json toJson(const Mat3& m) {
  return {{m(0, 0), m(0, 1), m(0, 2)}, {m(1, 0), m(1, 1), m(1, 2)}, {m(2, 0), m(2, 1), m(2, 2)}};
}

void runInfo(const InfoArguments& args) {
  ImportOptions options;
  options.units = parseUnits(args.units, "--units");
  const ImportedMesh imported = importMesh(args.mesh, options);
  const TriMesh& mesh = imported.mesh;
  // Unit density, as the contract asks: the inertia is then the volume's second moment.
  const MassProperties props = computeMassProperties(mesh, 1.0);

  nlohmann::json out = {
      {"file", args.mesh},
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
      {"warnings", props.warnings},
  };
  if (args.json) {
    std::cout << out.dump(2) << '\n';
    return;
  }
  const Vec3 lo = mesh.bounds().min(), hi = mesh.bounds().max();
  std::printf("file                   %s\n", args.mesh.c_str());
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
  for (const std::string& warning : props.warnings) std::printf("warning: %s\n", warning.c_str());
}

}  // namespace

void addInfoCommand(CLI::App& app) {
  auto args = std::make_shared<InfoArguments>();
  CLI::App* info = app.add_subcommand("info", "Mesh validation report and mass properties");
  info->add_option("MESH", args->mesh, "Mesh file (STL, OBJ, PLY, glTF, OFF, ...)")->required();
  info->add_option("--units", args->units, "Length unit of the file: m, cm, mm, in");
  info->add_flag("--json", args->json, "Print one JSON object");
  info->callback([args] { runInfo(*args); });
}

}  // namespace contactsim::cli

#include "cli/mesh_pair_arguments.h"

#include "cli/options.h"

namespace contactsim::cli {

void addMeshPairOptions(CLI::App& command, MeshPairArguments& args) {
  command.add_option("A", args.mesh_a, "First mesh file (body A)")->required();
  command.add_option("B", args.mesh_b, "Second mesh file (body B)")->required();
  command.add_option("--pose-a", args.pose_a, "Pose of A: tx,ty,tz,rx,ry,rz (m, rotation vector)");
  command.add_option("--pose-b", args.pose_b, "Pose of B: tx,ty,tz,rx,ry,rz (m, rotation vector)");
  command.add_option("--units", args.units, "Length unit of both files: m, cm, mm, in");
  command.add_option("--repeat", args.repeat, "Queries to time; the median is reported")
      ->check(CLI::Range(1, 1000000));
}

MeshPair loadMeshPair(const MeshPairArguments& args) {
  ImportOptions options;
  options.units = parseUnits(args.units, "--units");
  const Pose world_a = parsePose(args.pose_a, "--pose-a");
  const Pose world_b = parsePose(args.pose_b, "--pose-b");
  return {importMesh(args.mesh_a, options), importMesh(args.mesh_b, options), world_a, world_b};
}

nlohmann::json toJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

}  // namespace contactsim::cli

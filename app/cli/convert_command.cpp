// `contactsim-cli convert ROBOT.urdf SCENE.json [--package-path DIR]... [--floating-base]
// [--hold-pose]`: writes the scene a URDF describes, then loads it back as `run` would, so a
// file that converts also opens.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/urdf_scene.h"
#include "import/scene_mesh_import.h"
#include "import/urdf_import.h"

namespace contactsim::cli {
namespace {

struct ConvertArguments {
  std::string urdf, output;
  UrdfArguments options;
};

UrdfOptions urdfOptions(const UrdfArguments& args) {
  UrdfOptions options;
  for (const std::string& p : args.package_paths) options.package_paths.emplace_back(p);
  options.fixed_base = !args.floating_base;
  options.hold_pose = args.hold_pose;
  return options;
}

void runConvert(const ConvertArguments& args) {
  if (!isUrdfFile(args.urdf)) throw std::runtime_error(args.urdf + ": expected a .urdf file");
  const std::filesystem::path output(args.output);
  UrdfOptions options = urdfOptions(args.options);
  // Meshes the scene cannot refer to as they are (several collisions, primitives) sit beside it.
  options.relative_to = output.parent_path().empty() ? "." : output.parent_path();
  options.generated_mesh_dir = options.relative_to / (output.stem().string() + "_meshes");
  const UrdfScene converted = convertUrdf(args.urdf, options);
  for (const std::string& w : converted.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
  {
    std::error_code ec;
    if (output.has_parent_path()) std::filesystem::create_directories(output.parent_path(), ec);
    std::ofstream out(output);
    out << converted.scene.dump(2) << '\n';
    if (!out) throw std::runtime_error(args.output + ": cannot write the scene");
  }
  const Scene scene = readScene(output, sceneMeshLoader());
  for (const std::string& w : scene.warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
  std::printf("%s: robot '%s', %zu bodies, %zu joints\n", args.output.c_str(),
              converted.robot_name.c_str(), scene.bodies.size(), scene.joints.size());
}

}  // namespace

void addUrdfOptions(CLI::App& command, UrdfArguments& args) {
  command.add_option("--package-path", args.package_paths,
                     "URDF: folder searched for package:// meshes (repeatable; then "
                     "ROS_PACKAGE_PATH)");
  command.add_flag("--floating-base", args.floating_base,
                   "URDF: leave the root link free instead of fixed to the ground");
  command.add_flag("--hold-pose", args.hold_pose,
                   "URDF: a PD motor capped at the effort limit holds each joint's start pose");
}

Scene readSceneOrUrdf(const std::string& file, const UrdfArguments& urdf,
                      const MeshLoader& load_mesh) {
  if (!isUrdfFile(file)) return readScene(file, load_mesh);
  UrdfOptions options = urdfOptions(urdf);
  // Meshes the converter writes are read back by parseScene and live in memory from then on
  // (recordings store vertices, not paths), so their folder goes when the scene is loaded.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("contactsim-urdf-" + std::to_string(getpid()));
  options.generated_mesh_dir = dir;
  struct RemoveDir {
    std::filesystem::path dir;
    ~RemoveDir() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  } remove{dir};
  const UrdfScene converted = convertUrdf(file, options);
  Scene scene = parseScene(converted.scene.dump(), file, load_mesh);
  scene.warnings.insert(scene.warnings.begin(), converted.warnings.begin(),
                        converted.warnings.end());
  return scene;
}

void addConvertCommand(CLI::App& app) {
  auto args = std::make_shared<ConvertArguments>();
  CLI::App* convert = app.add_subcommand("convert", "Convert a URDF robot description to a scene");
  convert->add_option("URDF", args->urdf, "Robot description (.urdf; xacro must be expanded)")
      ->required();
  convert->add_option("SCENE", args->output, "Scene file to write (JSON)")->required();
  addUrdfOptions(*convert, args->options);
  convert->callback([args] { runConvert(*args); });
}

}  // namespace contactsim::cli

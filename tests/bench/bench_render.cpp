// bench_render: frame time of the 3-D view at 1280×800, drawn as the GUI draws it
// (render::SimulationView in a render window), per frame the scene update (CPU: VTK data from the
// frame) and the Render() call, medians after a warm-up, against the 30 frames/s target:
//   - the anchor demo as scripts/demo.sh opens it (camera, --follow crown, clean preset, forces
//     1 m per 200 kN), live: the simulation advances 10 ms between frames from t = 2.5 s, when the
//     anchor is heaved into the pocket;
//   - 300 contact patches (synthetic_patches.h) with the default layers, the lid moving;
// each against the same view with its contact layers hidden, and an empty view (the cost of a
// frame at this size whatever is drawn), measured in the same run; then the empty view and both
// cases again with one sample per pixel, for the record of what multisampling costs.
// Usage: bench_render [--frames N] [--png DIR]  (DIR gets the last timed frame of each case).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "import/scene_mesh_import.h"
#include "render_frame_timer.h"
#include "scene_overlays.h"
#include "scene/scene_reader.h"
#include "sim/simulation.h"
#include "synthetic_patches.h"

using namespace contactsim;

namespace {

constexpr double kTargetFps = 30.0;
constexpr double kAnchorStart = 2.5;        // s: the anchor reaches the lip and the pocket after it
constexpr int kStepsPerFrame = 10;          // 10 ms simulated between frames (Δt = 1 ms)
constexpr const char* kFollowed = "crown";  // scripts/demo.sh --follow crown

struct Options {
  bench::FrameTimerOptions timer;
  std::optional<std::filesystem::path> png_dir;
};

Scene readAnchorScene() {
  return readScene(std::filesystem::path(CONTACTSIM_SOURCE_DIR) / "assets/scenes/anchor_hull.json",
                   sceneMeshLoader());
}

std::vector<std::shared_ptr<const TriMesh>> sceneMeshes(const Scene& scene) {
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  for (const SceneBody& body : scene.bodies)
    meshes.push_back(body.mesh ? body.mesh->mesh : nullptr);
  return meshes;
}

long triangleCount(const std::vector<std::shared_ptr<const TriMesh>>& meshes) {
  long n = 0;
  for (const auto& mesh : meshes) n += mesh ? static_cast<long>(mesh->triangleCount()) : 0;
  return n;
}

void printHeader(const Options& options) {
  std::printf("bench_render: %dx%d off-screen, %d frames timed after %d, medians in ms\n",
              options.timer.width, options.timer.height, options.timer.frames,
              options.timer.warm_up);
  std::printf(
      "frame = update + render (wall); fps = 1000 / frame; render CPU: the process's CPU time\n"
      "in Render(), every llvmpipe thread (hardly changed by other work on the machine)\n");
  std::printf("%-58s %7s %7s %7s %6s %-13s %s\n", "case", "update", "render", "frame", "fps",
              "vs 30 fps", "render CPU");
}

void printRow(const std::string& label, const bench::FrameTimes& t) {
  const double fps = 1000.0 / t.total_ms;
  std::printf("%-58s %7.2f %7.1f %7.1f %6.1f %5.2fx %-6s %7.1f\n", label.c_str(), t.update_ms,
              t.render_ms, t.total_ms, fps, fps / kTargetFps, fps >= kTargetFps ? "met" : "missed",
              t.render_cpu_ms);
  std::fflush(stdout);
}

bench::FrameTimerOptions timerFor(const Options& options, const char* png_name) {
  bench::FrameTimerOptions timer = options.timer;
  if (options.png_dir) timer.png = *options.png_dir / png_name;
  return timer;
}

// Every contact layer hidden: the same frames with the bodies (and cables) only.
void hideContacts(render::SimulationView& view) {
  for (render::Layer layer :
       {render::Layer::NormalForces, render::Layer::FrictionForces, render::Layer::ContactContours,
        render::Layer::ContactPlanes, render::Layer::ContactPoints,
        render::Layer::PenetratingTriangles, render::Layer::IntersectionVolumes}) {
    view.setLayerVisible(layer, false);
  }
}

void benchEmpty(const Options& options) {
  render::SimulationView view({});
  const auto t = bench::timeFrames(
      view,
      [](int i) {
        SimulationFrame frame;
        frame.time = 0.01 * i;
        return frame;
      },
      [&](const SimulationFrame& frame) { view.update(frame); }, options.timer);
  if (!options.timer.multisamples)
    std::printf("(window: %d samples per pixel, VTK's default, as the GUI's window)\n",
                t.multisamples);
  printRow("empty view (grid, axes, time stamp)", t);
}

void benchAnchor(const Options& options, bool contacts) {
  Scene scene = readAnchorScene();
  const int followed = bodyIndex(scene, kFollowed);
  const std::vector<render::CablePath> cables = render::sceneCablePaths(scene);
  Simulation simulation(std::move(scene));
  while (simulation.time() < kAnchorStart) simulation.step();

  const auto meshes = sceneMeshes(simulation.scene());
  render::SimulationView view(meshes);
  view.applyPreset(render::LayerPreset::CleanVideo);
  view.debug().setCables(cables);
  if (!contacts) hideContacts(view);
  view.update(simulation.frame());  // the first frame sets the scene scale
  view.scene().setCamera(Vec3(36, 17, 1), Vec3(17, 1.5, 2));
  render::ForceScale scale = view.forceScale();
  scale.newtons_per_metre = 2e5;
  scale.max_length = 0.6 * view.contacts().sceneScale();
  view.setForceScale(scale);

  const TriMesh& crown = *view.mesh(static_cast<std::size_t>(followed));
  const auto crownCentre = [&] {
    return view.scene()
        .bodyPose(view.viewId(static_cast<std::size_t>(followed)))
        .apply(crown.bounds().center());
  };
  long patches = 0;
  const auto t = bench::timeFrames(
      view,
      [&](int i) {
        for (int k = 0; i > 0 && k < kStepsPerFrame; ++k) simulation.step();
        SimulationFrame frame = simulation.frame();
        if (i >= options.timer.warm_up) patches += static_cast<long>(frame.contacts.size());
        return frame;
      },
      [&](const SimulationFrame& frame) {
        const Vec3 before = crownCentre();
        view.update(frame);
        view.scene().translateCamera(crownCentre() - before);  // --follow crown
      },
      timerFor(options, contacts ? "render_anchor.png" : "render_anchor_bodies.png"));
  char label[96];
  if (contacts) {
    std::snprintf(label, sizeof label, "anchor demo (%ld triangles, %.1f patches/frame)",
                  triangleCount(meshes), double(patches) / t.frames);
  } else {
    std::snprintf(label, sizeof label, "anchor demo, bodies only (%ld triangles)",
                  triangleCount(meshes));
  }
  printRow(label, t);
}

void benchPatches(const Options& options, int count, bool contacts) {
  const bench::SyntheticPatches source(count);
  render::SimulationView view(source.meshes());
  if (!contacts) hideContacts(view);
  // As the window does on the first frame with contacts: the largest force a quarter of the scene.
  view.update(source.frame(0));
  view.fitForceScale(source.frame(0));
  const auto t = bench::timeFrames(
      view, [&](int i) { return source.frame(i); },
      [&](const SimulationFrame& frame) { view.update(frame); },
      timerFor(options, contacts ? "render_patches.png" : "render_patches_bodies.png"));
  char label[96];
  std::snprintf(label, sizeof label, "%d patches, %s", count,
                contacts ? "default layers" : "bodies only");
  printRow(label, t);
}

Options parseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
      options.timer.frames = std::max(1, std::atoi(argv[++i]));
    } else if (std::strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
      options.png_dir = argv[++i];
      std::filesystem::create_directories(*options.png_dir);
    } else {
      std::fprintf(stderr, "usage: %s [--frames N] [--png DIR]\n", argv[0]);
      std::exit(2);
    }
  }
  return options;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parseOptions(argc, argv);
  printHeader(options);
  benchEmpty(options);
  benchAnchor(options, false);
  benchAnchor(options, true);
  benchPatches(options, 300, false);
  benchPatches(options, 300, true);
  // Not what the GUI draws: what multisampling costs under software OpenGL, for the record.
  Options single_sample = options;
  single_sample.timer.multisamples = 0;
  single_sample.png_dir.reset();
  std::printf("without multisampling (1 sample per pixel; not what the GUI draws):\n");
  benchEmpty(single_sample);
  benchAnchor(single_sample, true);
  benchPatches(single_sample, 300, true);
  return 0;
}

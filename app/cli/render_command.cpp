// `contactsim-cli render RECORDING --video OUT [--camera SPEC] [--size WxH] [--fps N]
// [--speed S] [--from T] [--to T] [--preset clean|default|debug]`: a video of a recording, one
// video frame per 1/fps seconds of video, each showing the recorded frame at that simulated time.
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cli/commands.h"
#include "record/frame_sampler.h"
#include "record/recorded_scene.h"
#include "record/recording_reader.h"
#include "render_video.h"
#include "scene_overlays.h"

namespace contactsim::cli {
namespace {

struct RenderArguments {
  std::string recording, video, camera = "iso", size = "1280x720", preset = "clean";
  double fps = 30.0, speed = 1.0;
  std::optional<double> from, to;
};

render::LayerPreset parsePreset(const std::string& name) {
  if (name == "clean") return render::LayerPreset::CleanVideo;
  if (name == "default") return render::LayerPreset::Default;
  if (name == "debug") return render::LayerPreset::Debug;
  throw std::runtime_error("--preset: expected clean, default or debug, got '" + name + "'");
}

void renderRecording(const RenderArguments& args) {
  render::VideoOptions options;
  if (std::sscanf(args.size.c_str(), "%dx%d", &options.width, &options.height) != 2 ||
      options.width < 16 || options.height < 16 || options.width > 8192 || options.height > 8192) {
    throw std::runtime_error("--size: expected WIDTHxHEIGHT, e.g. 1280x720, got '" + args.size +
                             "'");
  }
  if (!(args.fps > 0.0 && args.fps <= 240.0))
    throw std::runtime_error("--fps: expected 0 < N <= 240");
  if (!(args.speed > 0.0) || !std::isfinite(args.speed))
    throw std::runtime_error("--speed: expected a positive number");
  std::string error;
  const auto camera = render::parseCameraOptions(args.camera, &error);
  if (!camera) throw std::runtime_error("--camera: " + error);
  options.camera = *camera;
  options.frames_per_second = args.fps;
  options.preset = parsePreset(args.preset);

  const RecordingReader reader(args.recording);
  if (reader.frameCount() == 0) throw std::runtime_error(args.recording + ": no frames");
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  for (int b = 0; b < static_cast<int>(reader.header().bodies.size()); ++b)
    meshes.push_back(std::make_shared<const TriMesh>(reader.mesh(b)));

  // Cables and joint axes, as the window draws them, from the scene stored in the recording.
  std::optional<Scene> scene;
  try {
    scene = recordedScene(reader, meshes);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "note: cables and joint axes are not drawn: %s\n", error.what());
  }
  if (scene)
    options.setup = [&](render::SimulationView& view) { render::setupSceneOverlays(view, *scene); };

  const double first = args.from.value_or(reader.frameTime(0));
  const double last = args.to.value_or(reader.frameTime(reader.frameCount() - 1));
  if (!(first <= last)) throw std::runtime_error("--from: after --to or after the last frame");
  // Simulated time advanced per video frame.
  FrameSampler sampler(reader, first, last, args.speed / args.fps);
  const render::FrameSource source = [&](SimulationFrame& frame) { return sampler.next(frame); };
  options.progress = [](int frame, const SimulationFrame& f) {
    if (frame % 30 == 0) std::fprintf(stderr, "\rframe %d, t = %.3f s", frame, f.time);
  };
  const render::VideoReport report = render::renderVideo(meshes, source, options, args.video);
  std::fprintf(stderr, "\n");
  std::printf("%s: %d frames, t = %.4g .. %.4g s, %.3g s wall\n", args.video.c_str(), report.frames,
              report.first_time, report.last_time, report.wall_seconds);
}

}  // namespace

void addRenderCommand(CLI::App& app) {
  auto args = std::make_shared<RenderArguments>();
  CLI::App* render = app.add_subcommand("render", "Render a recording to a video (.ogv, .mp4)");
  render->add_option("RECORDING", args->recording, "Recording file")->required();
  render->add_option("--video", args->video, "Output video: .ogv, or .mp4 with ffmpeg")->required();
  render->add_option("--camera", args->camera,
                     "iso|front|back|left|right|top|bottom[+follow] or EX,EY,EZ:TX,TY,TZ");
  render->add_option("--size", args->size, "WIDTHxHEIGHT (default 1280x720)");
  render->add_option("--fps", args->fps, "Video frames per second (default 30)");
  render->add_option("--speed", args->speed, "Simulated seconds per video second (default 1)");
  render->add_option("--from", args->from, "First simulated time (s)");
  render->add_option("--to", args->to, "Last simulated time (s)");
  render->add_option("--preset", args->preset, "Layers: clean (default), default or debug");
  render->callback([args] { renderRecording(*args); });
}

}  // namespace contactsim::cli

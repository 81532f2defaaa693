#include "video_export.h"

#include <optional>
#include <stdexcept>

#include "record/frame_sampler.h"
#include "record/recorded_scene.h"
#include "record/recording_reader.h"
#include "scene_overlays.h"

namespace contactsim::gui {

namespace {

std::pair<double, double> spanOf(const RecordingReader& reader) {
  if (reader.frameCount() == 0) throw std::runtime_error(reader.path().string() + ": no frames");
  return {reader.frameTime(0), reader.frameTime(reader.frameCount() - 1)};
}

}  // namespace

std::pair<double, double> recordingSpan(const std::filesystem::path& recording) {
  return spanOf(RecordingReader(recording));
}

VideoExportResult exportRecordingVideo(const std::filesystem::path& recording,
                                       const std::filesystem::path& out,
                                       const VideoExportOptions& options,
                                       const VideoExportProgress& progress) {
  const RecordingReader reader(recording);
  const auto [first, last] = spanOf(reader);
  const double from = options.from.value_or(first), to = options.to.value_or(last);
  const std::string file = out.string();
  if (!(options.frames_per_second > 0.0 && options.frames_per_second <= 240.0)) {
    throw std::runtime_error(file + ": frames per second must be in (0, 240]");
  }
  if (!(from <= to) || to < first || from > last) {
    throw std::runtime_error(file + ": the time span must lie within the recording's " +
                             std::to_string(first) + " .. " + std::to_string(last) + " s");
  }
  std::vector<std::shared_ptr<const TriMesh>> meshes;
  for (std::size_t i = 0; i < reader.header().bodies.size(); ++i) {
    TriMesh mesh = reader.mesh(static_cast<int>(i));
    meshes.push_back(mesh.triangleCount() ? std::make_shared<const TriMesh>(std::move(mesh))
                                          : nullptr);
  }

  FrameSampler sampler(reader, from, to, 1.0 / options.frames_per_second);
  const int frames = sampler.count();
  bool cancelled = false;
  const render::FrameSource next = [&](SimulationFrame& frame) {
    return !cancelled && sampler.next(frame);
  };
  render::VideoOptions video;
  video.width = options.width;
  video.height = options.height;
  video.frames_per_second = options.frames_per_second;
  video.preset = render::LayerPreset::CleanVideo;
  video.force_scale = options.force_scale;
  // Cables and joint axes, as the window draws them, when the recorded scene still reads (its
  // meshes come from the recording); without them the video shows the bodies and forces only.
  std::optional<Scene> scene;
  VideoExportResult result;
  try {
    scene = recordedScene(reader, meshes);
  } catch (const std::exception& error) {
    result.overlays_missing = error.what();
  }
  if (scene)
    video.setup = [&](render::SimulationView& view) { render::setupSceneOverlays(view, *scene); };
  if (progress) {
    video.progress = [&](int frame, const SimulationFrame&) {
      cancelled = !progress(frame, frames);
    };
  }
  result.report = render::renderVideo(std::move(meshes), next, video, out);
  return result;
}

}  // namespace contactsim::gui

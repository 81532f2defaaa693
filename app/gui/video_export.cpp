#include "video_export.h"

#include <cmath>
#include <stdexcept>

#include "record/recording_reader.h"

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

int videoFrameCount(double from, double to, double frames_per_second) {
  // A frame time landing on `to` up to rounding still counts.
  return static_cast<int>(std::floor((to - from) * frames_per_second + 1e-9)) + 1;
}

render::VideoReport exportRecordingVideo(const std::filesystem::path& recording,
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

  const int frames = videoFrameCount(from, to, options.frames_per_second);
  // Recorded times are sums of steps: half a step of rounding either way still finds the frame.
  const double tolerance = 0.5 * reader.header().time_step;
  int k = 0;
  bool cancelled = false;
  const render::FrameSource next = [&](SimulationFrame& frame) {
    if (cancelled || k >= frames) return false;
    const double t = from + k / options.frames_per_second;
    frame =
        reader.frame(std::min(reader.firstFrameAtOrAfter(t - tolerance), reader.frameCount() - 1));
    ++k;
    return true;
  };
  render::VideoOptions video;
  video.width = options.width;
  video.height = options.height;
  video.frames_per_second = options.frames_per_second;
  video.preset = render::LayerPreset::CleanVideo;
  video.force_scale = options.force_scale;
  if (progress) {
    video.progress = [&](int frame, const SimulationFrame&) {
      cancelled = !progress(frame, frames);
    };
  }
  return render::renderVideo(std::move(meshes), next, video, out);
}

}  // namespace contactsim::gui

"""A real HTTP server on loopback replaying api.weather.gov response shapes.

``ThreadingHTTPServer`` bound to 127.0.0.1 on a random port, in a thread of the test.
Nothing below the HTTP layer is mocked: the collector's urllib client, its headers,
redirect-free URLs, retries and error handling are what is exercised.

* ``GET /points/{lat},{lon}`` → the NWS ``wx:Point`` GeoJSON feature (``@context``,
  ``id``, ``geometry``, ``properties``: ``cwa``, ``forecastOffice``, ``gridId``, ``gridX``,
  ``gridY``, ``forecast``, ``forecastHourly``, ``forecastGridData``,
  ``observationStations``, ``relativeLocation`` {city, state, distance, bearing},
  ``forecastZone``, ``county``, ``fireWeatherZone``, ``timeZone``, ``radarStation``),
  whose ``forecast`` URL points back at this server.
* ``GET /gridpoints/{office}/{x},{y}/forecast`` → the forecast feature: ``properties``
  with ``units``, ``forecastGenerator``, ``generatedAt``, ``updateTime``, ``validTimes``,
  ``elevation`` and ``periods`` (number, name, startTime, endTime, isDaytime,
  temperature, temperatureUnit, temperatureTrend, probabilityOfPrecipitation
  {unitCode: wmoUnit:percent, value}, windSpeed "5 to 13 mph", windDirection, icon,
  shortForecast, detailedForecast).
* Unknown points answer 404 ``application/problem+json`` ("Data Unavailable For
  Requested Point", type ``.../problems/InvalidPoint``), like the real API; ``fail``
  maps a path to a list of statuses to answer first (500 → "Unexpected Problem").
* A request without a ``User-Agent`` gets 403, as the real API documents.

The periods are the embedded sample's records turned back into NWS periods, so a
collection over this server must reproduce those records exactly.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

CONTEXT = ["https://geojson.org/geojson-ld/geojson-context.jsonld",
           {"@version": "1.1", "wx": "https://api.weather.gov/ontology#", "s": "https://schema.org/",
            "geo": "http://www.opengis.net/ont/geosparql#", "unit": "http://codes.wmo.int/common/unit/",
            "@vocab": "https://api.weather.gov/ontology#"}]


def nws_period(record: dict, number: int) -> dict:
    """A shared record back as the NWS period it came from."""
    g = record["ground_truth"]
    lo, hi = g.get("wind_min"), g.get("wind_max")
    unit = g.get("wind_unit", "mph")
    speed = "" if hi is None else (f"{hi} {unit}" if lo in (None, hi) else f"{lo} to {hi} {unit}")
    day = g["temp_kind"] == "high"
    return {
        "number": number, "name": record["period"],
        "startTime": f"2025-06-{(number + 1) // 2 + 1:02d}T{'06' if day else '18'}:00:00-04:00",
        "endTime": f"2025-06-{(number + 1) // 2 + 1:02d}T{'18' if day else '23'}:00:00-04:00",
        "isDaytime": day, "temperature": g["temp"], "temperatureUnit": g["temp_unit"], "temperatureTrend": "",
        "probabilityOfPrecipitation": {"unitCode": "wmoUnit:percent", "value": g.get("precip_prob")},
        "windSpeed": speed, "windDirection": g.get("wind_dir") or "",
        "icon": f"https://api.weather.gov/icons/land/{'day' if day else 'night'}/few?size=medium",
        "shortForecast": g["sky_raw"], "detailedForecast": record.get("reference", ""),
    }


class NWSState:
    def __init__(self, locations: dict[str, tuple[float, float]], periods: dict[str, list[dict]]):
        # "lat,lon" (as the client formats it) → location name
        self.points = {f"{_c(lat)},{_c(lon)}": name for name, (lat, lon) in locations.items()}
        self.periods = periods
        # a distinct grid cell per location, as the real API has (office, x, y)
        self.grids = {name: ("OKX" if i % 2 else "LOX", 10 + i, 20 + 3 * i) for i, name in enumerate(sorted(locations))}
        self.fail: dict[str, list[int]] = {}
        self.lock = threading.Lock()
        self.requests: Counter[str] = Counter()
        self.user_agents: set[str] = set()
        self.accepts: set[str] = set()


def _c(x: float) -> str:
    return f"{round(x, 4):.4f}".rstrip("0").rstrip(".")


class _Handler(BaseHTTPRequestHandler):
    server_version = "nginx"  # what api.weather.gov's edge says
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # quiet
        pass

    @property
    def state(self) -> NWSState:
        return self.server.state  # type: ignore[attr-defined]

    def _send(self, status: int, body: dict, ctype: str = "application/geo+json") -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Correlation-Id", "loopback")
        self.end_headers()
        self.wfile.write(data)

    def _problem(self, status: int, title: str, detail: str, kind: str) -> None:
        self._send(status, {"correlationId": "loopback", "title": title, "type": f"https://api.weather.gov/problems/{kind}",
                            "status": status, "detail": detail, "instance": "https://api.weather.gov/requests/loopback"},
                   "application/problem+json")

    def do_GET(self) -> None:  # noqa: N802
        path = urlparse(self.path).path
        st = self.state
        with st.lock:
            st.requests[path] += 1
            st.user_agents.add(self.headers.get("User-Agent") or "")
            st.accepts.add(self.headers.get("Accept") or "")
            queued = st.fail.get(path)
            forced = queued.pop(0) if queued else None
        if not self.headers.get("User-Agent"):
            return self._problem(403, "Forbidden", "A User-Agent header is required", "Forbidden")
        if forced:
            if forced >= 500:
                return self._problem(forced, "Unexpected Problem", "An unexpected problem has occurred.",
                                     "UnexpectedProblem")
            return self._problem(forced, "Not Found", f"'{path}' is not a valid resource path", "NotFound")
        base = f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"  # type: ignore[index]
        if path.startswith("/points/"):
            key = path[len("/points/"):]
            name = st.points.get(key)
            if name is None:
                return self._problem(404, "Data Unavailable For Requested Point",
                                     f"Unable to provide data for requested point {key}", "InvalidPoint")
            office, x, y = st.grids[name]
            grid = f"{base}/gridpoints/{office}/{x},{y}"
            lat, lon = (float(v) for v in key.split(","))
            return self._send(200, {
                "@context": CONTEXT, "id": f"{base}/points/{key}", "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [lon, lat]},
                "properties": {
                    "@id": f"{base}/points/{key}", "@type": "wx:Point", "cwa": office,
                    "forecastOffice": f"{base}/offices/{office}", "gridId": office, "gridX": x, "gridY": y,
                    "forecast": f"{grid}/forecast", "forecastHourly": f"{grid}/forecast/hourly",
                    "forecastGridData": grid, "observationStations": f"{grid}/stations",
                    "relativeLocation": {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
                                         "properties": {"city": name, "state": "",
                                                        "distance": {"unitCode": "wmoUnit:m", "value": 1234.5},
                                                        "bearing": {"unitCode": "wmoUnit:degree_(angle)", "value": 152}}},
                    "forecastZone": f"{base}/zones/forecast/{office}072", "county": f"{base}/zones/county/{office}061",
                    "fireWeatherZone": f"{base}/zones/fire/{office}212", "timeZone": "America/New_York",
                    "radarStation": "KDIX"}})
        for name, periods in st.periods.items():
            office, x, y = st.grids[name]
            if path == f"/gridpoints/{office}/{x},{y}/forecast":
                return self._send(200, {
                    "@context": CONTEXT, "type": "Feature",
                    "geometry": {"type": "Polygon", "coordinates": [[[-74.02, 40.75], [-74.02, 40.73], [-73.99, 40.73],
                                                                     [-73.99, 40.75], [-74.02, 40.75]]]},
                    "properties": {"units": "us", "forecastGenerator": "BaselineForecastGenerator",
                                   "generatedAt": "2025-06-01T10:15:00+00:00", "updateTime": "2025-06-01T09:45:27+00:00",
                                   "validTimes": "2025-06-01T03:00:00+00:00/P7DT22H",
                                   "elevation": {"unitCode": "wmoUnit:m", "value": 2.1336}, "periods": periods}})
        return self._problem(404, "Not Found", f"'{path}' is not a valid resource path", "NotFound")


class LoopbackNWS:
    """``with LoopbackNWS(locations, periods) as nws: ... nws.base_url ...``"""

    def __init__(self, locations: dict[str, tuple[float, float]], periods: dict[str, list[dict]]):
        self.state = NWSState(locations, periods)
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.httpd.state = self.state  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self) -> LoopbackNWS:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)

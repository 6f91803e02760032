import mqtt, { type MqttClient } from 'mqtt';

/** Connects a real MQTT-over-WebSocket client the way the web app does (protocol 3.1.1, token as password). */
export function connectMqtt(wsUrl: string, auth: { userId?: number; token?: string; clientId?: string; clean?: boolean; will?: { topic: string; payload: string } }): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(wsUrl, {
      protocolVersion: 4,
      clean: auth.clean ?? true,
      ...(auth.will ? { will: { ...auth.will, qos: 0 as const, retain: false } } : {}),
      reconnectPeriod: 0,
      connectTimeout: 5000,
      clientId: auth.clientId ?? `jala_test_${auth.userId ?? 0}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`,
      ...(auth.userId ? { username: String(auth.userId) } : {}),
      ...(auth.token ? { password: auth.token } : {}),
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => { client.end(true); reject(error); });
  });
}

/** Subscribes and returns the granted QoS (128 means the broker refused). */
export async function subscribeQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const granted = await client.subscribeAsync(topic);
    return granted[0]?.qos ?? -1;
  } catch (error) {
    // mqtt.js rejects when the SUBACK carries the failure code.
    const packet = (error as { packet?: { granted?: number[] } }).packet;
    if (packet?.granted?.[0] === 128) return 128;
    throw error;
  }
}

/** Resolves with the next message on `topic`, or null after `ms`. */
export function nextMessage(client: MqttClient, topic: string, ms = 2000): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { client.off('message', onMessage); resolve(null); }, ms);
    function onMessage(received: string, payload: Buffer) {
      if (received !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(JSON.parse(payload.toString()));
    }
    client.on('message', onMessage);
  });
}
